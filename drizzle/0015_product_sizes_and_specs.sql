CREATE TYPE "public"."brake_type" AS ENUM('Rim', 'Mechanical disc', 'Hydraulic disc', 'Coaster');--> statement-breakpoint
CREATE TYPE "public"."frame_material" AS ENUM('Aluminium', 'Carbon', 'Steel', 'Titanium');--> statement-breakpoint
CREATE TYPE "public"."suspension_type" AS ENUM('Rigid', 'Hardtail', 'Full');--> statement-breakpoint
CREATE TYPE "public"."wheel_size" AS ENUM('12"', '14"', '16"', '20"', '24"', '26"', '27.5"', '28"', '29"', '700c');--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"product_id" uuid NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"quantity" integer NOT NULL,
	"min_height_cm" integer NOT NULL,
	"max_height_cm" integer NOT NULL,
	CONSTRAINT "product_sizes_pkey" PRIMARY KEY("product_id","label"),
	CONSTRAINT "product_sizes_quantity_nonnegative" CHECK ("product_sizes"."quantity" >= 0),
	CONSTRAINT "product_sizes_position_nonnegative" CHECK ("product_sizes"."position" >= 0),
	CONSTRAINT "product_sizes_label_valid" CHECK (char_length("product_sizes"."label") BETWEEN 1 AND 16 AND "product_sizes"."label" = btrim("product_sizes"."label")),
	CONSTRAINT "product_sizes_heights_valid" CHECK ("product_sizes"."min_height_cm" >= 50 AND "product_sizes"."max_height_cm" <= 250 AND "product_sizes"."min_height_cm" <= "product_sizes"."max_height_cm")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "frame_material" "frame_material";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "wheel_size" "wheel_size";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gears" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brakes" "brake_type";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "suspension" "suspension_type";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "travel_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "motor_torque_nm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_wh" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "range_km" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_sizes_in_stock_label_idx" ON "product_sizes" USING btree ("label","product_id") WHERE "product_sizes"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "product_sizes_in_stock_height_idx" ON "product_sizes" USING gist (int4range("min_height_cm", "max_height_cm", '[]')) WHERE "product_sizes"."quantity" > 0;--> statement-breakpoint
CREATE INDEX "products_frame_material_idx" ON "products" USING btree ("frame_material") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_wheel_size_idx" ON "products" USING btree ("wheel_size") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_brakes_idx" ON "products" USING btree ("brakes") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_suspension_idx" ON "products" USING btree ("suspension") WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_size_label_valid" CHECK (char_length("orders"."size") BETWEEN 1 AND 16);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_specs_positive" CHECK ("products"."gears" > 0 AND "products"."weight_grams" > 0 AND "products"."travel_mm" > 0 AND "products"."motor_torque_nm" > 0 AND "products"."battery_wh" > 0 AND "products"."range_km" > 0);