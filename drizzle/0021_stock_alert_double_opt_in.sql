CREATE TABLE "stock_alert_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_alert_confirmations" ADD CONSTRAINT "stock_alert_confirmations_alert_id_stock_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."stock_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alert_confirmations_hash_unique" ON "stock_alert_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stock_alert_confirmations_email_created_idx" ON "stock_alert_confirmations" USING btree ("email","created_at");--> statement-breakpoint
-- Alerts made before confirmation existed were asked for under the old rules: they stay active
-- (decision 020).
UPDATE "stock_alerts" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;--> statement-breakpoint
-- Only confirmed alerts are mailed on restock; an alert still waiting for its owner's confirmation
-- is left as it is, neither mailed nor used up.
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
      AND a.confirmed_at IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
    UPDATE stock_alerts SET notified_at = now()
    WHERE product_id = NEW.id AND size = '' AND notified_at IS NULL AND confirmed_at IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
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
      AND a.confirmed_at IS NOT NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
    UPDATE stock_alerts SET notified_at = now()
    WHERE product_id = NEW.product_id AND size = NEW.label AND notified_at IS NULL
      AND confirmed_at IS NOT NULL
      AND EXISTS (SELECT 1 FROM products p WHERE p.id = NEW.product_id AND p.deleted_at IS NULL);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
