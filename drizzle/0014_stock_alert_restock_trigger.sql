-- Custom SQL migration file, put your code below! --
-- When a product's stock goes from 0 to more (an admin's edit, a cancel, an expiry: every writer),
-- each address waiting for it gets one mail in the outbox, written in the same transaction, and its
-- alert is used up. The dedupe key names the alert and its creation, so a repeated restock mails
-- nobody twice and a re-armed alert mails once more.
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
    WHERE a.product_id = NEW.id AND a.notified_at IS NULL
    ON CONFLICT (dedupe_key) DO NOTHING;
    UPDATE stock_alerts SET notified_at = now()
    WHERE product_id = NEW.id AND notified_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_stock_alerts
AFTER UPDATE OF quantity ON products
FOR EACH ROW EXECUTE FUNCTION stock_alerts_on_restock();
