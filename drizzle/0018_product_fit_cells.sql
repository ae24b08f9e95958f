DROP INDEX "product_sizes_in_stock_label_idx";--> statement-breakpoint
DROP INDEX "product_sizes_in_stock_height_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes_in_stock" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_cells" "int4multirange" DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The size and fit filters read these two columns instead of evaluating the sizes per product
-- and per request. product_fit_of computes them for a set of products:
--
-- sizes_in_stock: the labels with stock, in the product's order.
--
-- fit_cells: the fit rule (src/shared/rules/fit.ts fitsInStock, decision 012) for every rider it
-- can answer, as cells height * 1000 + inseam (heights 80 to 230 cm and inseams 30 to 120 cm are
-- all the API takes). For each whole height the product's sizes cover: the two sizes whose
-- centres are nearest (ties: smaller centre, then list order) are the candidates; one candidate
-- in stock, or two both in stock, fit every inseam [h*1000, h*1000+1000); of two, when only the
-- smaller is in stock it fits the legs that pick it (inseam * 100 < boundary * 45, that is inseam
-- below ceil(boundary * 0.45)), when only the larger, the others. A height no size covers (below,
-- above, or in a gap) has no cell. Without an inseam a rider fits where the height's cells are not
-- empty. The 45 is INSEAM_TO_HEIGHT_PERCENT; products-facets.test.ts checks this SQL against the
-- TypeScript rule on a table of riders and charts.
CREATE OR REPLACE FUNCTION product_fit_of(ids uuid[])
RETURNS TABLE (product_id uuid, fit_cells int4multirange, sizes_in_stock text[])
LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT ps.product_id, ps.quantity > 0 AS in_stock, ps.position, ps.label,
           ps.min_height_cm AS lo, ps.max_height_cm AS hi,
           (ps.min_height_cm + ps.max_height_cm) / 2.0 AS center
    FROM product_sizes ps WHERE ps.product_id = ANY (ids)
  ),
  candidates AS (
    SELECT s.product_id, h, s.in_stock, s.center, s.position,
           row_number() OVER (PARTITION BY s.product_id, h
                              ORDER BY abs(s.center - h), s.center, s.position) AS nearness
    FROM s CROSS JOIN generate_series(s.lo, s.hi) AS h
  ),
  per_height AS (
    SELECT c.product_id, c.h, count(*) AS n, bool_or(c.in_stock) AS any_in,
           (array_agg(c.in_stock ORDER BY c.center, c.position))[1] AS smaller_in,
           (array_agg(c.in_stock ORDER BY c.center, c.position))[2] AS larger_in,
           least(1000, greatest(0, ceil(avg(c.center) * 45 / 100)::int)) AS threshold
    FROM candidates c WHERE c.nearness <= 2
    GROUP BY c.product_id, c.h
  ),
  cells AS (
    SELECT p.product_id, CASE
      WHEN p.n = 1 OR (p.smaller_in AND p.larger_in) THEN
        CASE WHEN p.any_in THEN int4range(p.h * 1000, p.h * 1000 + 1000) END
      WHEN p.smaller_in THEN int4range(p.h * 1000, p.h * 1000 + p.threshold)
      WHEN p.larger_in THEN int4range(p.h * 1000 + p.threshold, p.h * 1000 + 1000)
    END AS cell
    FROM per_height p
  ),
  fits AS (
    SELECT c.product_id, range_agg(c.cell) AS fit_cells
    FROM cells c WHERE c.cell IS NOT NULL GROUP BY c.product_id
  ),
  labels AS (
    SELECT s.product_id, array_agg(s.label ORDER BY s.position) AS labels
    FROM s WHERE s.in_stock GROUP BY s.product_id
  )
  SELECT i.id, coalesce(f.fit_cells, '{}'), coalesce(l.labels, '{}')
  FROM unnest(ids) AS i(id)
  LEFT JOIN fits f ON f.product_id = i.id
  LEFT JOIN labels l ON l.product_id = i.id
$$;
--> statement-breakpoint
-- As in 0016, with the two columns above refreshed for the products whose sizes changed in a way
-- they show: a reservation that leaves a size in stock touches only the quantity sum.
CREATE OR REPLACE FUNCTION product_sizes_sum_into_products() RETURNS trigger AS $$
DECLARE
  touched uuid[];
  refit uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO touched FROM new_rows;
    refit := touched;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO touched FROM old_rows;
    refit := touched;
  ELSE
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO touched
    FROM (SELECT product_id FROM new_rows UNION ALL SELECT product_id FROM old_rows) AS changed;
    SELECT array_agg(DISTINCT product_id ORDER BY product_id) INTO refit
    FROM (
      (SELECT product_id, label, position, min_height_cm, max_height_cm, quantity > 0 FROM new_rows
       EXCEPT
       SELECT product_id, label, position, min_height_cm, max_height_cm, quantity > 0 FROM old_rows)
      UNION ALL
      (SELECT product_id, label, position, min_height_cm, max_height_cm, quantity > 0 FROM old_rows
       EXCEPT
       SELECT product_id, label, position, min_height_cm, max_height_cm, quantity > 0 FROM new_rows)
    ) AS shown;
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
  IF refit IS NOT NULL THEN
    UPDATE products AS p SET fit_cells = f.fit_cells, sizes_in_stock = f.sizes_in_stock
    FROM product_fit_of(refit) AS f
    WHERE p.id = f.product_id
      AND (p.fit_cells <> f.fit_cells OR p.sizes_in_stock <> f.sizes_in_stock);
  END IF;
  -- Labels and heights change the catalog too, even when the sum does not.
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
UPDATE "products" AS p SET fit_cells = f.fit_cells, sizes_in_stock = f.sizes_in_stock
FROM product_fit_of(array(SELECT DISTINCT product_id FROM product_sizes)) AS f
WHERE p.id = f.product_id;--> statement-breakpoint
CREATE INDEX "products_sizes_in_stock_idx" ON "products" USING gin ("sizes_in_stock") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_fit_cells_idx" ON "products" USING gist ("fit_cells") WHERE "products"."deleted_at" IS NULL;
