-- product_fit_of (0018) split in two: product_fit_of_sizes computes fit_cells and sizes_in_stock
-- from size rows it is given, so that a bulk writer (the catalog generator) can insert a product
-- with both columns already right. The sizes trigger still computes them once the sizes are
-- written, but updates only a product whose values differ: a product inserted with the right
-- values is written once instead of twice (a second row version indexed again, with the facet
-- and search triggers run again). product_fit_of reads the stored sizes and hands them over, so
-- both use one rule.
--
-- The rule is 0018's: for each whole height the sizes cover, the two sizes whose centres are
-- nearest (ties: smaller centre, then list order) are the candidates; one candidate in stock, or
-- two both in stock, fit every inseam of that height; of two, when only the smaller is in stock
-- it fits the legs that pick it (inseam * 100 < boundary * 45), when only the larger, the others.
-- It is computed here in whole numbers (twice the centres) with one sort, where 0018 used numeric
-- centres and sorted each height's candidates again: about half the time, same cells
-- (products-facets.test.ts checks them against the TypeScript rule). One row per id in `ids` (a
-- product without sizes gets empty values); `sizes` holds the sizes of those products.
CREATE OR REPLACE FUNCTION product_fit_of_sizes(ids uuid[], sizes product_sizes[])
RETURNS TABLE (product_id uuid, fit_cells int4multirange, sizes_in_stock text[])
LANGUAGE sql IMMUTABLE AS $$
  WITH s AS (
    SELECT ps.product_id, ps.quantity > 0 AS in_stock, ps.position, ps.label,
           ps.min_height_cm AS lo, ps.max_height_cm AS hi,
           -- Twice the centre, so that distances and the boundary stay whole numbers.
           ps.min_height_cm + ps.max_height_cm AS center2
    FROM unnest(sizes) AS ps
  ),
  candidates AS (
    SELECT s.product_id, h, s.in_stock, s.center2, s.position,
           row_number() OVER w AS nearness,
           lead(s.in_stock) OVER w AS next_in,
           lead(s.center2) OVER w AS next_center2,
           lead(s.position) OVER w AS next_position
    FROM s CROSS JOIN generate_series(s.lo, s.hi) AS h
    WINDOW w AS (PARTITION BY s.product_id, h ORDER BY abs(s.center2 - 2 * h), s.center2, s.position)
  ),
  -- Per height, the nearest size with the second nearest beside it (none when one size covers it).
  per_height AS (
    SELECT c.product_id, c.h, c.next_in IS NULL AS single, c.in_stock OR c.next_in AS any_in,
           CASE WHEN (c.center2, c.position) < (c.next_center2, c.next_position)
             THEN c.in_stock ELSE c.next_in END AS smaller_in,
           CASE WHEN (c.center2, c.position) < (c.next_center2, c.next_position)
             THEN c.next_in ELSE c.in_stock END AS larger_in,
           -- ceil(mean of the two centres * 45 / 100), in whole numbers.
           least(1000, ((c.center2 + c.next_center2) * 45 + 399) / 400) AS threshold
    FROM candidates c WHERE c.nearness = 1
  ),
  cells AS (
    SELECT p.product_id, CASE
      WHEN p.single OR (p.smaller_in AND p.larger_in) THEN
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
CREATE OR REPLACE FUNCTION product_fit_of(ids uuid[])
RETURNS TABLE (product_id uuid, fit_cells int4multirange, sizes_in_stock text[])
LANGUAGE sql STABLE AS $$
  SELECT f.product_id, f.fit_cells, f.sizes_in_stock
  FROM product_fit_of_sizes(
    ids, array(SELECT ps FROM product_sizes ps WHERE ps.product_id = ANY (ids))
  ) AS f
$$;
