-- Custom SQL migration file, put your code below! --
-- The catalog changes only when a statement changed rows: a conditional stock decrement that
-- matched nothing (an order refused for lack of stock) or a soft delete of an unknown id must not
-- empty every instance's catalog cache. Transition tables need one trigger per event.
CREATE OR REPLACE FUNCTION notify_catalog_rows_changed() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('catalog_changed', '');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_catalog_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_catalog_inserted
  AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_updated
  AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_deleted
  AFTER DELETE ON products REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_rows_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_truncated
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
