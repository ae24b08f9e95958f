import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParamSchema, pagedEnvelope } from '#shared/contract/envelope.ts';
import {
  adminReviewListQuerySchema,
  adminReviewSchema,
  reviewBodySchema,
  reviewListQuerySchema,
  reviewModerationSchema,
  reviewPageEnvelopeSchema,
  reviewSchema,
} from '#shared/contract/review.ts';
import { ok, paged } from '#server/lib/reply.ts';
import { currentUser } from '../auth/current-user.ts';
import { addReview, getAllReviews, getProductReviews, moderateReview } from './reviews.service.ts';

/** Verified buyers' reviews: read by anyone, written by the buyer, hidden by the owner. */
export function reviewsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reviews'];

  r.get(
    '/products/:id/reviews',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewPageEnvelopeSchema },
      },
    },
    async (request) => {
      const page = await getProductReviews(request.deps, request.params.id, request.query);
      return { success: true as const, message: 'Reviews retrieved successfully', ...page };
    },
  );

  r.post(
    '/products/:id/reviews',
    {
      onRequest: app.requireCustomer,
      schema: {
        tags,
        params: idParamSchema,
        body: reviewBodySchema,
        response: { 201: envelope(reviewSchema) },
      },
    },
    async (request, reply) => {
      const review = await addReview(
        request.deps,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(ok('Thank you for your review', review));
    },
  );

  r.get(
    '/reviews',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        querystring: adminReviewListQuerySchema,
        response: { 200: pagedEnvelope(adminReviewSchema) },
      },
    },
    async (request) => {
      const page = await getAllReviews(request.deps, request.query);
      return paged('Reviews retrieved successfully', page.data, page.meta);
    },
  );

  r.patch(
    '/reviews/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        params: idParamSchema,
        body: reviewModerationSchema,
        response: { 200: envelope(reviewSchema) },
      },
    },
    async (request) => {
      const review = await moderateReview(request.deps, request.params.id, request.body);
      return ok(review.hidden ? 'Review hidden' : 'Review shown', review);
    },
  );
}
