CREATE TYPE "public"."stock_reason" AS ENUM('order', 'release', 'admin', 'import', 'created');--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" uuid NOT NULL,
	"size" text,
	"change" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"reason" "stock_reason" NOT NULL,
	"order_id" uuid,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_product_size_idx" ON "stock_ledger" USING btree ("product_id","size","id");--> statement-breakpoint
-- The ledger is written by the database, in the statement that changes the stock, so every writer
-- (orders and their release, the expiry sweep, the product form, the inventory table, imports,
-- the seed) is recorded and none can forget. Why, for which order, by whom and the note are the
-- transaction's `stock_ledger.*` settings (set_config(..., true)); unset, a new row is "created"
-- and any other change "admin".
CREATE OR REPLACE FUNCTION stock_ledger_reason(fallback stock_reason) RETURNS stock_reason AS $$
  SELECT coalesce(nullif(current_setting('stock_ledger.reason', true), '')::stock_reason, fallback)
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_ledger_order_id() RETURNS uuid AS $$
  SELECT nullif(current_setting('stock_ledger.order_id', true), '')::uuid
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_ledger_actor_id() RETURNS uuid AS $$
  SELECT nullif(current_setting('stock_ledger.actor_id', true), '')::uuid
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_ledger_note() RETURNS text AS $$
  SELECT nullif(current_setting('stock_ledger.note', true), '')
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Sizes inserted: each size's opening stock. A product that had no sizes until now hands its own
-- stock over to them: its one-size balance is closed, so the ledger of a product that later loses
-- its sizes starts from zero again.
CREATE OR REPLACE FUNCTION product_sizes_ledger_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  SELECT l.product_id, NULL, -sum(l.change)::integer, 0, stock_ledger_reason('admin'),
         stock_ledger_order_id(), stock_ledger_actor_id(), stock_ledger_note()
  FROM stock_ledger AS l
  WHERE l.size IS NULL AND l.product_id IN (SELECT product_id FROM new_rows)
  GROUP BY l.product_id
  HAVING sum(l.change) <> 0;
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  SELECT n.product_id, n.label, n.quantity, n.quantity, stock_ledger_reason('created'),
         stock_ledger_order_id(), stock_ledger_actor_id(), stock_ledger_note()
  FROM new_rows AS n
  ORDER BY n.product_id, n.position;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Sizes updated: the difference, row by row (each row's old and new values are its own, taken
-- under its row lock, so concurrent orders each write their exact step). Labels are keys and are
-- never renamed; a renamed one would read as one size emptied and another filled.
CREATE OR REPLACE FUNCTION product_sizes_ledger_updated() RETURNS trigger AS $$
BEGIN
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  SELECT n.product_id, n.label, n.quantity - coalesce(o.quantity, 0), n.quantity,
         stock_ledger_reason('admin'), stock_ledger_order_id(), stock_ledger_actor_id(),
         stock_ledger_note()
  FROM new_rows AS n
  LEFT JOIN old_rows AS o ON o.product_id = n.product_id AND o.label = n.label
  WHERE n.quantity IS DISTINCT FROM o.quantity
  ORDER BY n.product_id, n.position;
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  SELECT o.product_id, o.label, -o.quantity, 0, stock_ledger_reason('admin'),
         stock_ledger_order_id(), stock_ledger_actor_id(), stock_ledger_note()
  FROM old_rows AS o
  WHERE o.quantity <> 0
    AND NOT EXISTS (SELECT 1 FROM new_rows AS n WHERE n.product_id = o.product_id AND n.label = o.label);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Sizes deleted: each goes to zero. A product left with no sizes keeps the quantity it had
-- (migration 0016) as its own stock again, so its one-size balance is brought to that quantity.
-- Rows deleted with their product (a cascade) write nothing: the product's ledger goes with it.
CREATE OR REPLACE FUNCTION product_sizes_ledger_deleted() RETURNS trigger AS $$
BEGIN
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  SELECT o.product_id, o.label, -o.quantity, 0, stock_ledger_reason('admin'),
         stock_ledger_order_id(), stock_ledger_actor_id(), stock_ledger_note()
  FROM old_rows AS o
  WHERE o.quantity <> 0 AND EXISTS (SELECT 1 FROM products AS p WHERE p.id = o.product_id)
  ORDER BY o.product_id, o.position;
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  SELECT p.id, NULL, p.quantity - coalesce(b.balance, 0), p.quantity, stock_ledger_reason('admin'),
         stock_ledger_order_id(), stock_ledger_actor_id(), stock_ledger_note()
  FROM products AS p
  LEFT JOIN LATERAL (
    SELECT sum(l.change)::integer AS balance FROM stock_ledger AS l
    WHERE l.product_id = p.id AND l.size IS NULL
  ) AS b ON true
  WHERE p.id IN (SELECT product_id FROM old_rows)
    AND NOT EXISTS (SELECT 1 FROM product_sizes AS s WHERE s.product_id = p.id)
    AND p.quantity <> coalesce(b.balance, 0);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_sizes_ledger_inserted
  AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_ledger_inserted();
--> statement-breakpoint
CREATE TRIGGER product_sizes_ledger_updated
  AFTER UPDATE ON product_sizes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_ledger_updated();
--> statement-breakpoint
CREATE TRIGGER product_sizes_ledger_deleted
  AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_ledger_deleted();
--> statement-breakpoint
-- A one-size product's own stock. A sized product's quantity is the sum the 0016 triggers keep,
-- already recorded per size, so it is left out. A new product's line is written when its
-- transaction commits (a deferred trigger): by then a product created with sizes has them, and
-- its opening stock is recorded per size only.
CREATE OR REPLACE FUNCTION products_stock_ledger() RETURNS trigger AS $$
DECLARE
  previous integer := 0;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    previous := OLD.quantity;
  ELSIF NOT EXISTS (SELECT 1 FROM products WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM product_sizes WHERE product_id = NEW.id) THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason, order_id, actor_id, note)
  VALUES (NEW.id, NULL, NEW.quantity - previous, NEW.quantity,
          stock_ledger_reason(CASE WHEN TG_OP = 'INSERT' THEN 'created' ELSE 'admin' END::stock_reason),
          stock_ledger_order_id(), stock_ledger_actor_id(), stock_ledger_note());
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_stock_ledger_updated
  AFTER UPDATE OF quantity ON products
  FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity)
  EXECUTE FUNCTION products_stock_ledger();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_stock_ledger_created
  AFTER INSERT ON products DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION products_stock_ledger();
--> statement-breakpoint
-- The opening line of every product and size already in stock, so each ledger adds up from here.
INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason)
SELECT s.product_id, s.label, s.quantity, s.quantity, 'created'
FROM product_sizes AS s
ORDER BY s.product_id, s.position;
--> statement-breakpoint
INSERT INTO stock_ledger (product_id, size, change, quantity_after, reason)
SELECT p.id, NULL, p.quantity, p.quantity, 'created'
FROM products AS p
WHERE NOT EXISTS (SELECT 1 FROM product_sizes AS s WHERE s.product_id = p.id)
ORDER BY p.created_at, p.id;
