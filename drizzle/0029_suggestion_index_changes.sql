ALTER TABLE "products" ADD COLUMN "catalog_change_xid" "xid8";--> statement-breakpoint
CREATE INDEX "products_catalog_change_xid_idx" ON "products" USING btree ("catalog_change_xid");--> statement-breakpoint
-- Marks a product row with the transaction that wrote what the search suggestions hold of it
-- (decision 033). Stock changes (every order) leave the mark alone. A BEFORE trigger named after
-- the slug triggers, so the slug they set is already in NEW.
CREATE OR REPLACE FUNCTION mark_catalog_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.catalog_change_xid := pg_current_xact_id();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_suggestion_inserted BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION mark_catalog_change();--> statement-breakpoint
CREATE TRIGGER products_suggestion_updated BEFORE UPDATE ON products
  FOR EACH ROW
  WHEN ((OLD.name, OLD.brand, OLD.category, OLD.frame_material, OLD.wheel_size, OLD.brakes,
    OLD.suspension, OLD.price_cents, OLD.image_key, OLD.slug, OLD.created_at, OLD.deleted_at)
    IS DISTINCT FROM (NEW.name, NEW.brand, NEW.category, NEW.frame_material, NEW.wheel_size,
    NEW.brakes, NEW.suspension, NEW.price_cents, NEW.image_key, NEW.slug, NEW.created_at,
    NEW.deleted_at))
  EXECUTE FUNCTION mark_catalog_change();--> statement-breakpoint
-- 'marked' when the statement changed what suggestions hold (a listener keeping a copy reads the
-- marked rows), '' for any other change (stock, ratings), which no such copy holds.
CREATE OR REPLACE FUNCTION notify_catalog_rows_changed() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows
      WHERE catalog_change_xid = pg_current_xact_id_if_assigned()) THEN
    PERFORM pg_notify('catalog_changed', 'marked');
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- Rows that leave the table leave no mark to read: their notification says so, and a listener
-- that keeps a copy of the catalog reads it again.
CREATE OR REPLACE FUNCTION notify_catalog_rows_removed() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('catalog_changed', 'removed');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_catalog_truncated() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', 'removed');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalog_deleted ON products;--> statement-breakpoint
CREATE TRIGGER products_catalog_deleted
  AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows_removed();--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalog_truncated ON products;--> statement-breakpoint
CREATE TRIGGER products_catalog_truncated
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_truncated();
