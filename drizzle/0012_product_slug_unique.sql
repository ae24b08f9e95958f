ALTER TABLE "products" ALTER COLUMN "slug" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug" text_pattern_ops);