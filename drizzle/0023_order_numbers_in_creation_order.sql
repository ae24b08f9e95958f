-- Custom SQL migration file, put your code below! --
-- Orders placed before numbers existed got theirs from the identity column in table order
-- (migration 0022); they are numbered again in creation order, oldest first, from 100001. The
-- numbers are turned negative first so no two rows ever hold one number between the statements.
UPDATE orders SET number = -number;
--> statement-breakpoint
UPDATE orders SET number = numbered.n
FROM (
  SELECT id, 100000 + row_number() OVER (ORDER BY created_at, id) AS n FROM orders
) AS numbered
WHERE orders.id = numbered.id;
--> statement-breakpoint
-- The sequence goes on after the highest number given (or starts at 100001 on an empty table).
SELECT setval(
  pg_get_serial_sequence('orders', 'number'),
  coalesce(max(number), 100001),
  max(number) IS NOT NULL
) FROM orders;
--> statement-breakpoint
-- The timeline of earlier orders, from what their rows tell.
INSERT INTO order_events (order_id, type, created_at)
SELECT id, 'placed', created_at FROM orders;
--> statement-breakpoint
INSERT INTO order_events (order_id, type, created_at)
SELECT id, 'paid', paid_at FROM orders WHERE paid_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO order_events (order_id, type, created_at)
SELECT id, 'cancelled', updated_at FROM orders WHERE status = 'Cancelled';
--> statement-breakpoint
INSERT INTO order_events (order_id, type, created_at)
SELECT id, 'refunded', updated_at FROM orders WHERE payment_status = 'Refunded';
