import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '#server/modules/auth/passwords.ts';
import type { Executor } from '../client.ts';
import { orders, products, reviews, users } from '../schema.ts';
import { demoReviews, demoRiders } from './demo-reviews.ts';

const DAY_MS = 86_400_000;

/**
 * The demo riders, a Completed order for each review they wrote, and the reviews, so a newcomer
 * sees ratings, fit summaries and size advice. The products' rating aggregate is set from them.
 */
export async function seedDemoReviews(
  tx: Executor,
  catalog: { id: string; name: string; priceCents: number }[],
  now: Date,
): Promise<number> {
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  await tx
    .insert(users)
    .values(
      demoRiders.map((r) => ({
        name: r.name,
        email: r.email,
        passwordHash,
        riderHeightCm: r.heightCm,
      })),
    )
    .onConflictDoNothing();
  const riderRows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        demoRiders.map((r) => r.email),
      ),
    );
  const riderIds = new Map(riderRows.map((r) => [r.email, r.id]));
  let written = 0;
  for (const product of catalog) {
    const list = demoReviews[product.name];
    if (!list) continue;
    for (const review of list) {
      const rider = demoRiders[review.rider];
      const userId = rider && riderIds.get(rider.email);
      if (!rider || !userId) continue;
      const at = new Date(now.getTime() - review.daysAgo * DAY_MS);
      const placed = new Date(at.getTime() - 10 * DAY_MS);
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          productId: product.id,
          quantity: 1,
          unitPriceCents: product.priceCents,
          totalCents: product.priceCents,
          status: 'Completed',
          paymentStatus: 'Paid',
          provider: 'sandbox',
          paidAt: placed,
          size: review.size,
          createdAt: placed,
          updatedAt: at,
        })
        .returning({ id: orders.id });
      if (!order) continue;
      await tx.insert(reviews).values({
        orderId: order.id,
        productId: product.id,
        userId,
        size: review.size,
        riderHeightCm: rider.heightCm,
        rating: review.rating,
        title: review.title,
        body: review.body,
        fit: review.fit,
        createdAt: at,
        updatedAt: at,
      });
      await tx
        .update(products)
        .set({
          ratingSum: sql`${products.ratingSum} + ${review.rating}`,
          ratingCount: sql`${products.ratingCount} + 1`,
        })
        .where(eq(products.id, product.id));
      written += 1;
    }
  }
  return written;
}
