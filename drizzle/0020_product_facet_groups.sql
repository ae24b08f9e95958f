-- Live products counted per facet group, so a facets request with no search, price range or fit
-- filter reads a few thousand groups instead of every product (docs/performance.md item 20). The
-- 5 below is LOW_STOCK_THRESHOLD (src/shared/rules/filters.ts); products-facets.test.ts checks the
-- groups against a count of the products after every kind of write.
CREATE TABLE "product_facet_groups" (
	"category" "product_category" NOT NULL,
	"wheel_size" "wheel_size",
	"frame_material" "frame_material",
	"brakes" "brake_type",
	"suspension" "suspension_type",
	"quantity" integer NOT NULL,
	"sizes_in_stock" text[] NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "product_facet_groups_key" UNIQUE NULLS NOT DISTINCT("category","wheel_size","frame_material","brakes","suspension","quantity","sizes_in_stock")
);--> statement-breakpoint
-- Adds n to each group, creating the groups that are new. Under one transaction lock and in one
-- order, so two transactions moving products between the same groups wait for each other instead
-- of deadlocking; only writes that move a product take it.
CREATE FUNCTION product_facet_groups_add(deltas product_facet_groups[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(deltas) > 0 THEN
    PERFORM pg_advisory_xact_lock(hashtext('product_facet_groups'));
    INSERT INTO product_facet_groups AS g
      SELECT * FROM unnest(deltas)
      ORDER BY category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock
    ON CONFLICT ON CONSTRAINT product_facet_groups_key DO UPDATE SET n = g.n + excluded.n;
  END IF;
END
$$;
--> statement-breakpoint
-- Adds the products a statement inserted to their groups, or takes the ones it deleted from
-- them: a statement trigger sees every row of a bulk write at once.
CREATE FUNCTION product_facet_groups_shift() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_facet_groups_add(ARRAY(
      SELECT ROW(category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock, sum(d)::int)::product_facet_groups
      FROM (
        SELECT category, wheel_size, frame_material, brakes, suspension, least(quantity, 5) AS quantity, sizes_in_stock, 1 AS d
        FROM new_rows WHERE deleted_at IS NULL
      ) AS moved
      GROUP BY category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock
      HAVING sum(d) <> 0
    ));
  ELSE
    PERFORM product_facet_groups_add(ARRAY(
      SELECT ROW(category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock, sum(d)::int)::product_facet_groups
      FROM (
        SELECT category, wheel_size, frame_material, brakes, suspension, least(quantity, 5) AS quantity, sizes_in_stock, -1 AS d
        FROM old_rows WHERE deleted_at IS NULL
      ) AS moved
      GROUP BY category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock
      HAVING sum(d) <> 0
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_facet_groups_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_facet_groups_shift();
--> statement-breakpoint
-- Moves an updated product from its old group to its new one. A row trigger whose WHEN compares
-- the group's columns: the writes that move nothing (an order that leaves the stock at or above
-- the threshold, a new price or name) cost no call.
CREATE FUNCTION product_facet_groups_move() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_facet_groups_add(ARRAY(
    SELECT ROW(category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock, sum(d)::int)::product_facet_groups
    FROM (
      SELECT NEW.category, NEW.wheel_size, NEW.frame_material, NEW.brakes, NEW.suspension, least(NEW.quantity, 5), NEW.sizes_in_stock, 1 WHERE NEW.deleted_at IS NULL
      UNION ALL
      SELECT OLD.category, OLD.wheel_size, OLD.frame_material, OLD.brakes, OLD.suspension, least(OLD.quantity, 5), OLD.sizes_in_stock, -1 WHERE OLD.deleted_at IS NULL
    ) AS moved(category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock, d)
    GROUP BY category, wheel_size, frame_material, brakes, suspension, quantity, sizes_in_stock
    HAVING sum(d) <> 0
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_facet_groups_update AFTER UPDATE ON products
  FOR EACH ROW WHEN (
    (OLD.deleted_at IS NULL, OLD.category, OLD.wheel_size, OLD.frame_material, OLD.brakes, OLD.suspension, least(OLD.quantity, 5), OLD.sizes_in_stock)
    IS DISTINCT FROM (NEW.deleted_at IS NULL, NEW.category, NEW.wheel_size, NEW.frame_material, NEW.brakes, NEW.suspension, least(NEW.quantity, 5), NEW.sizes_in_stock)
  )
  EXECUTE FUNCTION product_facet_groups_move();
--> statement-breakpoint
CREATE TRIGGER products_facet_groups_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_facet_groups_shift();
--> statement-breakpoint
CREATE FUNCTION product_facet_groups_clear() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_facet_groups;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_facet_groups_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_facet_groups_clear();
--> statement-breakpoint
INSERT INTO product_facet_groups
  SELECT category, wheel_size, frame_material, brakes, suspension, least(quantity, 5), sizes_in_stock, count(*)
  FROM products WHERE deleted_at IS NULL
  GROUP BY category, wheel_size, frame_material, brakes, suspension, least(quantity, 5), sizes_in_stock;
