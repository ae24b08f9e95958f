-- Custom SQL migration file, put your code below! --
-- A sized product's stock lives in product_sizes; products.quantity is their sum, kept here so
-- that every writer (the API, orders and their release, the expiry sweep, the seed, bulk loads)
-- agrees and every reader of quantity (stock classes, inStock, inventory, back-in-stock alerts)
-- stays right without knowing about sizes.
--
-- After each statement that changes sizes, the products it touched are locked, in id order so
-- two such statements never deadlock on each other, and only then summed. Under READ COMMITTED
-- each statement here takes a fresh snapshot, so the sum taken after the lock sees every size
-- change committed by earlier holders of the lock: concurrent orders for two sizes of one
-- product never overwrite each other's decrement. A statement that changed no row (a refused
-- reservation) locks nothing and notifies nobody. A product whose last size is removed keeps
-- the quantity it had until a writer sets its one-size stock.
CREATE OR REPLACE FUNCTION product_sizes_sum_into_products() RETURNS trigger AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO touched
    FROM (SELECT product_id FROM new_rows UNION ALL SELECT product_id FROM old_rows) AS changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM products WHERE id = ANY (touched) ORDER BY id FOR UPDATE;
  UPDATE products AS p SET quantity = s.total
  FROM (
    SELECT product_id, sum(quantity)::integer AS total
    FROM product_sizes
    WHERE product_id = ANY (touched)
    GROUP BY product_id
  ) AS s
  WHERE p.id = s.product_id AND p.quantity <> s.total;
  -- Labels and heights change the catalog too, even when the sum does not.
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_sizes_inserted
  AFTER INSERT ON product_sizes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_sum_into_products();
--> statement-breakpoint
CREATE TRIGGER product_sizes_updated
  AFTER UPDATE ON product_sizes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_sum_into_products();
--> statement-breakpoint
CREATE TRIGGER product_sizes_deleted
  AFTER DELETE ON product_sizes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sizes_sum_into_products();
--> statement-breakpoint
-- Any other value for a sized product's quantity is refused, loudly: taking units from a sized
-- product without naming a size would sell stock no size holds, and quietly putting the sum back
-- would let that sale through with nothing reserved. Writers of a sized product change its sizes.
CREATE OR REPLACE FUNCTION products_quantity_is_size_sum() RETURNS trigger AS $$
DECLARE
  total bigint;
BEGIN
  IF NEW.quantity IS DISTINCT FROM OLD.quantity THEN
    SELECT sum(quantity) INTO total FROM product_sizes WHERE product_id = NEW.id;
    IF total IS NOT NULL AND NEW.quantity <> total THEN
      RAISE EXCEPTION 'the quantity of a product with sizes is the sum of its sizes (%), not %',
        total, NEW.quantity
        USING ERRCODE = 'check_violation', TABLE = 'products',
              CONSTRAINT = 'products_quantity_is_size_sum';
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_quantity_is_size_sum
  BEFORE UPDATE OF quantity ON products
  FOR EACH ROW EXECUTE FUNCTION products_quantity_is_size_sum();
