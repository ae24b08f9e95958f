import type { PageMeta } from '#shared/contract/envelope.ts';
import type {
  AdminReview,
  Review,
  ReviewSort,
  ReviewSummary,
  reviewBodySchema,
  reviewModerationSchema,
} from '#shared/contract/review.ts';
import { summarizeReviews } from '#shared/rules/ratings.ts';
import type { z } from 'zod';
import type { Deps } from '#server/deps.ts';
import { conflict, forbidden, notFound } from '#server/lib/app-error.ts';
import { pageMeta } from '#server/lib/reply.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { AuthUser } from '../auth/current-user.ts';
import { getProduct } from '../products/products.service.ts';
import {
  findReview,
  findReviewableOrder,
  insertReview,
  listAllReviews,
  listVisibleReviews,
  setReviewHidden,
  summaryGroups,
  type AdminReviewRecord,
  type ReviewRecord,
} from './reviews.repository.ts';

export const reviewMessages = {
  orderNotFound: 'Order not found.',
  notYourOrder: 'Only the rider who bought this bicycle can review it.',
  otherProduct: 'This order is for another bicycle.',
  notCompleted: 'You can review this bicycle once your order is completed.',
  alreadyReviewed: 'You have already reviewed this order.',
  reviewNotFound: 'Review not found.',
} as const;

const ORDER_NUMBER = /^BC-(\d{6,15})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toReview(row: ReviewRecord): Review {
  return {
    _id: row.id,
    product: row.productId,
    user: { name: row.userName },
    orderNumber: `BC-${String(row.orderNumber)}`,
    size: row.size,
    riderHeightCm: row.riderHeightCm,
    rating: row.rating,
    title: row.title,
    body: row.body,
    fit: row.fit,
    createdAt: row.createdAt.toISOString(),
    hidden: row.hidden,
  };
}

function toAdminReview(row: AdminReviewRecord): AdminReview {
  return {
    ...toReview(row),
    hiddenReason: row.hiddenReason,
    productName: row.productName,
    productSlug: row.productSlug,
  };
}

export interface ReviewPage {
  data: Review[];
  meta: PageMeta;
  summary: ReviewSummary;
}

/** A page of a live product's visible reviews and the summary of all of them. */
export async function getProductReviews(
  deps: Deps,
  productId: string,
  query: { page: number; limit: number; sort: ReviewSort; size?: string | undefined },
): Promise<ReviewPage> {
  const product = await getProduct(deps, productId);
  const [page, groups] = await Promise.all([
    listVisibleReviews(deps.db, product._id, {
      sort: query.sort,
      page: query.page,
      limit: query.limit,
      ...(query.size === undefined ? {} : { size: query.size }),
    }),
    summaryGroups(deps.db, product._id),
  ]);
  return {
    data: page.rows.map(toReview),
    meta: pageMeta(query.page, query.limit, page.total),
    summary: summarizeReviews(
      groups,
      (product.sizes ?? []).map((s) => s.label),
    ),
  };
}

function orderRef(ref: string): { id: string } | { number: number } | undefined {
  const numbered = ORDER_NUMBER.exec(ref);
  if (numbered?.[1]) return { number: Number(numbered[1]) };
  return UUID.test(ref) ? { id: ref.toLowerCase() } : undefined;
}

/**
 * A verified buyer reviews their Completed order of this product, once. The size is the order's;
 * the height is the one typed, else the rider's saved fit.
 */
export async function addReview(
  deps: Deps,
  user: AuthUser,
  productId: string,
  body: z.output<typeof reviewBodySchema>,
): Promise<Review> {
  const product = await getProduct(deps, productId);
  const ref = orderRef(body.orderId);
  const order = ref && (await findReviewableOrder(deps.db, ref));
  if (!order) throw notFound(reviewMessages.orderNotFound);
  if (order.userId !== user.id) throw forbidden(reviewMessages.notYourOrder);
  if (order.productId !== product._id) throw forbidden(reviewMessages.otherProduct);
  if (order.status !== 'Completed') throw forbidden(reviewMessages.notCompleted);
  let id: string;
  try {
    id = await insertReview(
      deps.db,
      {
        orderId: order.id,
        productId: product._id,
        userId: user.id,
        size: order.size,
        riderHeightCm: body.riderHeightCm ?? order.savedHeightCm,
        rating: body.rating,
        title: body.title,
        body: body.body,
        fit: body.fit,
      },
      deps.clock.now(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('REVIEW_EXISTS', reviewMessages.alreadyReviewed);
    throw error;
  }
  deps.catalogChanged();
  const row = await findReview(deps.db, id);
  if (!row) throw new Error('review vanished after insert');
  return toReview(row);
}

/** The owner hides a review (with the reason) or shows it again. */
export async function moderateReview(
  deps: Deps,
  id: string,
  body: z.output<typeof reviewModerationSchema>,
): Promise<Review> {
  const found = await setReviewHidden(
    deps.db,
    id,
    body.hidden,
    body.reason ?? null,
    deps.clock.now(),
  );
  if (!found) throw notFound(reviewMessages.reviewNotFound);
  deps.catalogChanged();
  const row = await findReview(deps.db, id);
  if (!row) throw notFound(reviewMessages.reviewNotFound);
  return toReview(row);
}

/** Every review, newest first, hidden ones marked, for the owner. */
export async function getAllReviews(
  deps: Deps,
  query: { page: number; limit: number },
): Promise<{ data: AdminReview[]; meta: PageMeta }> {
  const page = await listAllReviews(deps.db, query.page, query.limit);
  return {
    data: page.rows.map(toAdminReview),
    meta: pageMeta(query.page, query.limit, page.total),
  };
}
