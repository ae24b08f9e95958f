DROP INDEX "orders_unpaid_idx";--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD COLUMN "return_url" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_open_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_status" = 'Pending' AND "orders"."status" IN ('Pending', 'Ongoing');--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" = 'Cancelled' AND "orders"."payment_status" = 'Paid';