import { and, asc, count, desc, eq, max, min, not, sql, type SQL } from 'drizzle-orm';
import type { ReviewFit, ReviewSort } from '#shared/contract/review.ts';
import type { Db, Executor } from '#server/db/client.ts';
import { orders, products, reviews, users } from '#server/db/schema.ts';

/** What a review shows with it: the reviewer's name and the order's number. */
const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userName: users.name,
  orderNumber: orders.number,
  size: reviews.size,
  riderHeightCm: reviews.riderHeightCm,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  fit: reviews.fit,
  hidden: reviews.hidden,
  hiddenReason: reviews.hiddenReason,
  createdAt: reviews.createdAt,
};

export interface ReviewRecord {
  id: string;
  productId: string;
  userName: string;
  orderNumber: number;
  size: string | null;
  riderHeightCm: number | null;
  rating: number;
  title: string;
  body: string;
  fit: ReviewFit;
  hidden: boolean;
  hiddenReason: string | null;
  createdAt: Date;
}

export interface AdminReviewRecord extends ReviewRecord {
  productName: string;
  productSlug: string;
}

/** The order a review would be about, with what the review copies from it and its buyer. */
export interface ReviewableOrder {
  id: string;
  userId: string;
  productId: string;
  status: string;
  size: string | null;
  savedHeightCm: number | null;
}

/** The order by its `_id` (a UUID) or its number (BC-100001). */
export async function findReviewableOrder(
  db: Executor,
  ref: { id: string } | { number: number },
): Promise<ReviewableOrder | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      productId: orders.productId,
      status: orders.status,
      size: orders.size,
      savedHeightCm: users.riderHeightCm,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where('id' in ref ? eq(orders.id, ref.id) : eq(orders.number, ref.number))
    .limit(1);
  return row;
}

export interface NewReview {
  orderId: string;
  productId: string;
  userId: string;
  size: string | null;
  riderHeightCm: number | null;
  rating: number;
  title: string;
  body: string;
  fit: ReviewFit;
}

/** Moves the product's rating aggregate by one review shown (+1) or taken away (-1). */
function shiftRating(tx: Executor, productId: string, rating: number, direction: 1 | -1) {
  return tx
    .update(products)
    .set({
      ratingSum: sql`${products.ratingSum} + ${rating * direction}`,
      ratingCount: sql`${products.ratingCount} + ${direction}`,
    })
    .where(eq(products.id, productId));
}

/**
 * Writes the review and counts it in the product's rating, in one transaction. The unique index
 * on order_id refuses a second review of the order, also when two arrive at once (the caller
 * turns that into 409).
 */
export function insertReview(db: Db, review: NewReview, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({ ...review, createdAt: now, updatedAt: now })
      .returning({ id: reviews.id });
    if (!row) throw new Error('review insert returned nothing');
    await shiftRating(tx, review.productId, review.rating, 1);
    return row.id;
  });
}

/**
 * Hides or shows a review. The conditional update changes it only when it is not already so,
 * so a replayed or concurrent request moves the product's rating once.
 */
export function setReviewHidden(
  db: Db,
  id: string,
  hidden: boolean,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(reviews)
      .set({ hidden, hiddenReason: hidden ? reason : null, updatedAt: now })
      .where(and(eq(reviews.id, id), eq(reviews.hidden, !hidden)))
      .returning({ productId: reviews.productId, rating: reviews.rating });
    if (moved) {
      await shiftRating(tx, moved.productId, moved.rating, hidden ? -1 : 1);
      return true;
    }
    if (hidden) {
      // Already hidden: the reason may still be corrected.
      await tx
        .update(reviews)
        .set({ hiddenReason: reason, updatedAt: now })
        .where(and(eq(reviews.id, id), eq(reviews.hidden, true)));
    }
    const [exists] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.id, id))
      .limit(1);
    return exists !== undefined;
  });
}

const orderBy: Record<ReviewSort, SQL[]> = {
  '-createdAt': [desc(reviews.createdAt), desc(reviews.id)],
  '-rating': [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  rating: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
};

function visibleOf(productId: string, size?: string): SQL | undefined {
  return and(
    eq(reviews.productId, productId),
    not(reviews.hidden),
    size === undefined ? undefined : eq(reviews.size, size),
  );
}

export async function listVisibleReviews(
  db: Executor,
  productId: string,
  query: { sort: ReviewSort; size?: string; page: number; limit: number },
): Promise<{ rows: ReviewRecord[]; total: number }> {
  const where = visibleOf(productId, query.size);
  const [rows, totals] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .where(where)
      .orderBy(...orderBy[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export interface SummaryGroup {
  size: string | null;
  rating: number;
  fit: ReviewFit;
  n: number;
  minHeightCm: number | null;
  maxHeightCm: number | null;
}

/** The visible reviews counted per size, rating and fit: every summary figure adds these up. */
export function summaryGroups(db: Executor, productId: string): Promise<SummaryGroup[]> {
  return db
    .select({
      size: reviews.size,
      rating: reviews.rating,
      fit: reviews.fit,
      n: count(),
      minHeightCm: min(reviews.riderHeightCm),
      maxHeightCm: max(reviews.riderHeightCm),
    })
    .from(reviews)
    .where(visibleOf(productId))
    .groupBy(reviews.size, reviews.rating, reviews.fit);
}

/** Every review, newest first, hidden ones too, for the owner. */
export async function listAllReviews(
  db: Executor,
  page: number,
  limit: number,
): Promise<{ rows: AdminReviewRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({ ...reviewColumns, productName: products.name, productSlug: products.slug })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(reviews),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findReview(db: Executor, id: string): Promise<ReviewRecord | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row;
}
