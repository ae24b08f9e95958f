import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pagedEnvelope } from '#shared/contract/envelope.ts';
import {
  createOrderBodySchema,
  orderIdParamSchema,
  orderListQuerySchema,
  orderSchema,
  orderStatusBodySchema,
  verificationSchema,
  verifyQuerySchema,
} from '#shared/contract/order.ts';
import { ok, paged } from '#server/lib/reply.ts';
import { currentUser } from '../auth/current-user.ts';
import {
  cancelOrder,
  changeOrderStatus,
  createOrder,
  getOrderPage,
  verifyOrder,
} from './orders.service.ts';

export function ordersRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.get(
    '/',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        querystring: orderListQuerySchema,
        response: { 200: pagedEnvelope(orderSchema) },
      },
    },
    async (request) => {
      const page = await getOrderPage(request.deps, currentUser(request), request.query);
      return paged('Orders retrieved successfully', page.data, page.meta);
    },
  );

  r.post(
    '/order/create',
    {
      onRequest: app.requireCustomer,
      config: {
        // Per customer, not per address: counted once the token is checked (preHandler), so
        // each order attempt of a signed-in customer counts and anonymous calls never do.
        rateLimit: {
          max: app.config.authRateLimitMax,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `order-create:${currentUser(request).id}`,
        },
      },
      schema: { tags, body: createOrderBodySchema, response: { 201: envelope(z.string()) } },
    },
    async (request, reply) => {
      const url = await createOrder(request.deps, currentUser(request), request.body);
      return reply.code(201).send(ok('Order placed successfully', url));
    },
  );

  r.get(
    '/order/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        querystring: verifyQuerySchema,
        response: { 200: envelope(z.array(verificationSchema)) },
      },
    },
    async (request) =>
      ok(
        'Payment verified successfully',
        await verifyOrder(request.deps, currentUser(request), request.query.order_id),
      ),
  );

  r.patch(
    '/:orderId/cancel',
    {
      onRequest: app.requireUser,
      schema: { tags, params: orderIdParamSchema, response: { 200: envelope(orderSchema) } },
    },
    async (request) =>
      ok(
        'Order cancelled successfully',
        await cancelOrder(request.deps, currentUser(request), request.params.orderId),
      ),
  );

  r.patch(
    '/:orderId/status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        params: orderIdParamSchema,
        body: orderStatusBodySchema,
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) =>
      ok(
        'Order status updated successfully',
        await changeOrderStatus(request.deps, request.params.orderId, request.body.status),
      ),
  );
}
