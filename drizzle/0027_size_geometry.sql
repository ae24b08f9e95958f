ALTER TABLE "product_sizes" ADD COLUMN "stack_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "reach_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "top_tube_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "seat_tube_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "head_angle_deg" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "seat_angle_deg" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "chainstay_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "wheelbase_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "standover_mm" integer;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_geometry_valid" CHECK (("product_sizes"."stack_mm" IS NULL OR "product_sizes"."stack_mm" BETWEEN 250 AND 800) AND ("product_sizes"."reach_mm" IS NULL OR "product_sizes"."reach_mm" BETWEEN 150 AND 600) AND ("product_sizes"."top_tube_mm" IS NULL OR "product_sizes"."top_tube_mm" BETWEEN 250 AND 750) AND ("product_sizes"."seat_tube_mm" IS NULL OR "product_sizes"."seat_tube_mm" BETWEEN 120 AND 700) AND ("product_sizes"."head_angle_deg" IS NULL OR "product_sizes"."head_angle_deg" BETWEEN 60 AND 80) AND ("product_sizes"."seat_angle_deg" IS NULL OR "product_sizes"."seat_angle_deg" BETWEEN 60 AND 80) AND ("product_sizes"."chainstay_mm" IS NULL OR "product_sizes"."chainstay_mm" BETWEEN 250 AND 550) AND ("product_sizes"."wheelbase_mm" IS NULL OR "product_sizes"."wheelbase_mm" BETWEEN 600 AND 1500) AND ("product_sizes"."standover_mm" IS NULL OR "product_sizes"."standover_mm" BETWEEN 250 AND 1000));