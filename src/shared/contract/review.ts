import { z } from 'zod';
import { pageMetaSchema, pageQuerySchema } from './envelope.ts';
import { RIDER_HEIGHT_MAX_CM, RIDER_HEIGHT_MIN_CM } from './product.ts';
import { SIZE_LABEL_MAX } from './product-sizing.ts';

export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

export const REVIEW_SORTS = ['-createdAt', '-rating', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
export const REVIEW_HIDE_REASON_MAX = 500;

/** How a rider words each fit, on the form and in the summary. */
export const FIT_LABELS: Record<ReviewFit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

export const reviewSchema = z.object({
  _id: z.uuid(),
  product: z.uuid(),
  /** Only the first name's worth the reviewer chose to show: their account name. */
  user: z.object({ name: z.string() }),
  orderNumber: z.string(),
  size: z.string().nullable(),
  riderHeightCm: z.number().int().nullable(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  fit: z.enum(REVIEW_FITS),
  createdAt: z.string(),
  hidden: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The owner's view adds why a review was hidden and which bicycle it is about. */
export const adminReviewSchema = reviewSchema.extend({
  hiddenReason: z.string().nullable(),
  productName: z.string(),
  productSlug: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

const fitCountsSchema = z.object({
  small: z.number().int(),
  true: z.number().int(),
  large: z.number().int(),
});
export type FitCounts = z.infer<typeof fitCountsSchema>;

export const reviewSizeSummarySchema = z.object({
  size: z.string().nullable(),
  count: z.number().int(),
  fit: fitCountsSchema,
  riderHeightCm: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
});
export type ReviewSizeSummary = z.infer<typeof reviewSizeSummarySchema>;

export const reviewSummarySchema = z.object({
  /** One decimal; null while there are no reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.object({
    '1': z.number().int(),
    '2': z.number().int(),
    '3': z.number().int(),
    '4': z.number().int(),
    '5': z.number().int(),
  }),
  fit: fitCountsSchema,
  bySize: z.array(reviewSizeSummarySchema),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /products/:id/reviews: a page of reviews and the summary of all of them. */
export const reviewPageEnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(reviewSchema),
  meta: pageMetaSchema,
  summary: reviewSummarySchema,
});
export type ReviewPageEnvelope = z.infer<typeof reviewPageEnvelopeSchema>;

export const reviewListQuerySchema = pageQuerySchema(10)
  .omit({ searchTerm: true })
  .extend({
    sort: z
      .enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` })
      .default('-createdAt'),
    size: z
      .string()
      .trim()
      .min(1)
      .max(SIZE_LABEL_MAX, `size must be a size label of 1 to ${String(SIZE_LABEL_MAX)} characters`)
      .optional(),
  });
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const adminReviewListQuerySchema = pageQuerySchema(20).omit({ searchTerm: true });

export const ratingField = z
  .number({ error: 'Rating must be a whole number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be a whole number from 1 to 5')
  .max(5, 'Rating must be a whole number from 1 to 5');

/** POST /products/:id/reviews; the size comes from the order, never from the body. */
export const reviewBodySchema = z.object({
  orderId: z.string({ error: 'Order is required' }).trim().min(1, 'Order is required').max(40),
  rating: ratingField,
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(REVIEW_TITLE_MAX, `Title must be at most ${String(REVIEW_TITLE_MAX)} characters`),
  body: z
    .string({ error: 'Review is required' })
    .trim()
    .min(1, 'Review is required')
    .max(REVIEW_BODY_MAX, `Review must be at most ${String(REVIEW_BODY_MAX)} characters`),
  fit: z.enum(REVIEW_FITS, { error: 'Tell us how the size fitted' }),
  riderHeightCm: z
    .number({ error: 'Height must be a whole number of centimetres' })
    .int('Height must be a whole number of centimetres')
    .min(RIDER_HEIGHT_MIN_CM, `Height must be at least ${String(RIDER_HEIGHT_MIN_CM)} cm`)
    .max(RIDER_HEIGHT_MAX_CM, `Height must be at most ${String(RIDER_HEIGHT_MAX_CM)} cm`)
    .nullable()
    .optional(),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** PATCH /reviews/:id (admin). */
export const reviewModerationSchema = z
  .object({
    hidden: z.boolean({ error: 'hidden must be true or false' }),
    reason: z
      .string()
      .trim()
      .max(
        REVIEW_HIDE_REASON_MAX,
        `Reason must be at most ${String(REVIEW_HIDE_REASON_MAX)} characters`,
      )
      .optional(),
  })
  .refine((b) => !b.hidden || (b.reason ?? '').length > 0, {
    path: ['reason'],
    message: 'Say why the review is hidden',
  });
export type ReviewModeration = z.input<typeof reviewModerationSchema>;
