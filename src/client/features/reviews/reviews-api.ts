import type { Envelope, PagedEnvelope } from '#shared/contract/envelope.ts';
import type {
  AdminReview,
  Review,
  ReviewBody,
  ReviewModeration,
  ReviewPageEnvelope,
  ReviewSort,
} from '#shared/contract/review.ts';
import { api } from '#client/lib/api.ts';

export interface ReviewListArgs {
  productId: string;
  page?: number;
  limit?: number;
  sort?: ReviewSort;
  size?: string | undefined;
}

/** The cache entry of a product's reviews, under the API's `product` tag (no tag of its own). */
const reviewsTag = (productId: string) => ({
  type: 'product' as const,
  id: `reviews:${productId}`,
});
const ALL_REVIEWS = { type: 'product' as const, id: 'reviews:all' };

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductReviews: build.query<ReviewPageEnvelope, ReviewListArgs>({
      query: ({ productId, page = 1, limit = 5, sort = '-createdAt', size }) => ({
        url: `/products/${encodeURIComponent(productId)}/reviews`,
        params: { page, limit, sort, ...(size ? { size } : {}) },
      }),
      providesTags: (_result, _error, { productId }) => [reviewsTag(productId)],
    }),
    addReview: build.mutation<Review, { productId: string; body: ReviewBody }>({
      query: ({ productId, body }) => ({
        url: `/products/${encodeURIComponent(productId)}/reviews`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: Envelope<Review>) => response.data,
      invalidatesTags: (_result, _error, { productId }) => [
        reviewsTag(productId),
        { type: 'product', id: productId },
        ALL_REVIEWS,
      ],
    }),
    getAllReviews: build.query<PagedEnvelope<AdminReview>, { page: number }>({
      query: ({ page }) => ({ url: '/reviews', params: { page } }),
      providesTags: [ALL_REVIEWS],
    }),
    moderateReview: build.mutation<Review, { id: string; body: ReviewModeration }>({
      query: ({ id, body }) => ({
        url: `/reviews/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: (response: Envelope<Review>) => response.data,
      invalidatesTags: (result) => [
        ALL_REVIEWS,
        ...(result
          ? [reviewsTag(result.product), { type: 'product' as const, id: result.product }]
          : []),
      ],
    }),
  }),
});

export const {
  useGetProductReviewsQuery,
  useAddReviewMutation,
  useGetAllReviewsQuery,
  useModerateReviewMutation,
} = reviewsApi;
