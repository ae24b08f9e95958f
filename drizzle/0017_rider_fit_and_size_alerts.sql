DROP INDEX "stock_alerts_product_email_unique";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rider_height_cm" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inseam_cm" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_product_email_size_unique" ON "stock_alerts" USING btree ("product_id","email","size");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_rider_measurements_valid" CHECK ("users"."rider_height_cm" BETWEEN 80 AND 230 AND "users"."inseam_cm" BETWEEN 30 AND 120);--> statement-breakpoint
-- Alerts for the bicycle as a whole (size '') are mailed when the product's stock comes back, as
-- before; an alert for one size waits for that size.
CREATE OR REPLACE FUNCTION stock_alerts_on_restock() RETURNS trigger AS $$
BEGIN
  IF OLD.quantity = 0 AND NEW.quantity > 0 AND NEW.deleted_at IS NULL THEN
    INSERT INTO email_outbox (id, "to", kind, payload, dedupe_key, next_attempt_at, created_at)
    SELECT gen_random_uuid(), a.email, 'stock-alert',
           jsonb_build_object(
             'productName', NEW.name,
             'brand', NEW.brand,
             'slug', NEW.slug,
             'unsubscribeToken', a.unsubscribe_token),
           'stock-alert:' || a.id::text || ':' || extract(epoch from a.created_at)::text,
           now(), now()
    FROM stock_alerts a
    WHERE a.product_id = NEW.id AND a.size = '' AND a.notified_at IS NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
    UPDATE stock_alerts SET notified_at = now()
    WHERE product_id = NEW.id AND size = '' AND notified_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- When one size's stock goes from 0 to more, the addresses waiting for that size get one mail each
-- (in the outbox, in the same transaction) and their alerts are used up.
CREATE OR REPLACE FUNCTION stock_alerts_on_size_restock() RETURNS trigger AS $$
BEGIN
  IF OLD.quantity = 0 AND NEW.quantity > 0 THEN
    INSERT INTO email_outbox (id, "to", kind, payload, dedupe_key, next_attempt_at, created_at)
    SELECT gen_random_uuid(), a.email, 'stock-alert',
           jsonb_build_object(
             'productName', p.name,
             'brand', p.brand,
             'slug', p.slug,
             'size', NEW.label,
             'unsubscribeToken', a.unsubscribe_token),
           'stock-alert:' || a.id::text || ':' || extract(epoch from a.created_at)::text,
           now(), now()
    FROM stock_alerts a
    JOIN products p ON p.id = a.product_id AND p.deleted_at IS NULL
    WHERE a.product_id = NEW.product_id AND a.size = NEW.label AND a.notified_at IS NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
    UPDATE stock_alerts SET notified_at = now()
    WHERE product_id = NEW.product_id AND size = NEW.label AND notified_at IS NULL
      AND EXISTS (SELECT 1 FROM products p WHERE p.id = NEW.product_id AND p.deleted_at IS NULL);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_sizes_stock_alerts
AFTER UPDATE OF quantity ON product_sizes
FOR EACH ROW EXECUTE FUNCTION stock_alerts_on_size_restock();
