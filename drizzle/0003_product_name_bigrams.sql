-- The distinct two-character pieces of a lowercased name. A GIN index over it serves two-character
-- searches, which pg_trgm cannot narrow. COST keeps the planner from calling it row by row.
CREATE OR REPLACE FUNCTION product_name_bigrams(name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000
  RETURN ARRAY(
    SELECT DISTINCT substr(lower(name), i, 2)
    FROM generate_series(1, length(name) - 1) AS i
  );
