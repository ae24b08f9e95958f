CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"image_key" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_alt_length" CHECK (char_length("product_images"."alt") <= 200)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_position_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
-- products.image_key is the gallery's first picture (decision 026): every write to the gallery puts
-- its first key there, so cards, orders and suggestions keep reading one column.
CREATE FUNCTION product_images_first_key() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pid uuid := COALESCE(NEW.product_id, OLD.product_id);
  first_key text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.product_id <> NEW.product_id THEN
    RAISE EXCEPTION 'a gallery picture stays with its product';
  END IF;
  SELECT image_key INTO first_key FROM product_images
    WHERE product_id = pid ORDER BY position, created_at, id LIMIT 1;
  UPDATE products SET image_key = first_key
    WHERE id = pid AND image_key IS DISTINCT FROM first_key;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_images_first_key AFTER INSERT OR UPDATE OR DELETE ON product_images
  FOR EACH ROW EXECUTE FUNCTION product_images_first_key();
--> statement-breakpoint
-- A product written with an image (the seed, older tools) gets it as its first gallery picture.
CREATE FUNCTION product_image_into_gallery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_images (product_id, image_key, position) VALUES (NEW.id, NEW.image_key, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_image_into_gallery AFTER INSERT ON products
  FOR EACH ROW WHEN (NEW.image_key IS NOT NULL) EXECUTE FUNCTION product_image_into_gallery();
--> statement-breakpoint
INSERT INTO product_images (product_id, image_key, position)
  SELECT id, image_key, 0 FROM products WHERE image_key IS NOT NULL;
