-- What the shop's search reads of a product (decision 023): its name, brand and category, the spec
-- values riders type, and the words riders use for them ("mtb", "e-bike", "disc brakes",
-- "full suspension"). IMMUTABLE for the generated column: the casts read enum labels, which this
-- catalog never renames (a rename would need the column rewritten).
CREATE OR REPLACE FUNCTION product_search_text(
  name text, brand text, category product_category, frame_material frame_material,
  wheel_size wheel_size, brakes brake_type, suspension suspension_type
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN name || ' ' || brand || ' ' || category::text
    || CASE category::text
         WHEN 'Road Bicycle' THEN ' road bike'
         WHEN 'Mountain Bike' THEN ' MTB'
         WHEN 'Kids Bicycles' THEN ' kids bike'
         WHEN 'Electric Bikes' THEN ' e-bike ebike'
         WHEN 'Hybrid Bicycle' THEN ' hybrid bike'
         ELSE ''
       END
    || coalesce(' ' || frame_material::text, '')
    || coalesce(' ' || wheel_size::text, '')
    || coalesce(' ' || brakes::text || ' brakes', '')
    || coalesce(' ' || suspension::text || CASE WHEN suspension::text = 'Full' THEN ' suspension' ELSE '' END, '');--> statement-breakpoint

CREATE TABLE "product_search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" text GENERATED ALWAYS AS (lower(product_search_text(name, brand, category, frame_material, wheel_size, brakes, suspension))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "product_search_words_trgm_idx" ON "product_search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_document_trgm_idx" ON "products" USING gin ("search_document" gin_trgm_ops) WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_search_document_bigrams_idx" ON "products" USING gin (product_name_bigrams("search_document")) WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
-- Adds the words of search texts to the vocabulary, each lowercase and as first written; a
-- capitalised spelling ("Specialized") replaces an all-lowercase one, so "Did you mean" shows the
-- brand as its maker writes it. Sorted, so concurrent writers lock words in the same order.
CREATE OR REPLACE FUNCTION add_product_search_words(texts text[]) RETURNS void
  LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO product_search_words (word, display)
  SELECT DISTINCT ON (lower(w.word)) lower(w.word), w.word
  FROM unnest(texts) AS t(doc), regexp_split_to_table(t.doc, '[^[:alnum:]]+') AS w(word)
  WHERE char_length(w.word) >= 3
  ORDER BY lower(w.word), w.word = lower(w.word), w.word
  ON CONFLICT (word) DO UPDATE SET display = excluded.display
    WHERE product_search_words.display = product_search_words.word
      AND excluded.display <> excluded.word;
END;--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_product_search_words(ARRAY(
    SELECT product_search_text(n.name, n.brand, n.category, n.frame_material, n.wheel_size,
      n.brakes, n.suspension)
    FROM new_products n));
  RETURN NULL;
END $$;--> statement-breakpoint
-- One statement for a bulk load: the catalog generator's batches add their words at once.
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_words_updated() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_product_search_words(ARRAY[product_search_text(NEW.name, NEW.brand, NEW.category,
    NEW.frame_material, NEW.wheel_size, NEW.brakes, NEW.suspension)]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Row by row with a WHEN: stock changes (every order) never call the function.
CREATE TRIGGER products_search_words_update
  AFTER UPDATE OF name, brand, category, frame_material, wheel_size, brakes, suspension ON products
  FOR EACH ROW
  WHEN ((OLD.name, OLD.brand, OLD.category, OLD.frame_material, OLD.wheel_size, OLD.brakes,
    OLD.suspension) IS DISTINCT FROM (NEW.name, NEW.brand, NEW.category, NEW.frame_material,
    NEW.wheel_size, NEW.brakes, NEW.suspension))
  EXECUTE FUNCTION products_search_words_updated();--> statement-breakpoint
SELECT add_product_search_words(ARRAY(
  SELECT product_search_text(name, brand, category, frame_material, wheel_size, brakes, suspension)
  FROM products));
