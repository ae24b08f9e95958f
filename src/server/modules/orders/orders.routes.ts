import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pagedEnvelope } from '#shared/contract/envelope.ts';
import {
  createOrderBodySchema,
  fulfilmentPatchBodySchema,
  orderDetailSchema,
  orderIdParamSchema,
  orderListQuerySchema,
  orderRefParamSchema,
  orderSchema,
  orderStatusBodySchema,
  payOrderBodySchema,
  verificationSchema,
  verifyQuerySchema,
} from '#shared/contract/order.ts';
import { ok, paged } from '#server/lib/reply.ts';
import { currentUser } from '../auth/current-user.ts';
import {
  cancelOrder,
  changeFulfilment,
  changeOrderStatus,
  createOrder,
  getOrder,
  getOrderPage,
  payOrder,
  verifyOrder,
} from './orders.service.ts';

export function ordersRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  // Per customer, not per address: counted once the token is checked (preHandler), so each
  // attempt of a signed-in customer to open a checkout counts and anonymous calls never do.
  const perCustomerLimit = (name: string) => ({
    rateLimit: {
      max: app.config.authRateLimitMax,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}:${currentUser(request).id}`,
    },
  });

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
      config: perCustomerLimit('order-create'),
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

  r.get(
    '/:orderId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: orderRefParamSchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) =>
      ok(
        'Order retrieved successfully',
        await getOrder(request.deps, currentUser(request), request.params.orderId),
      ),
  );

  r.post(
    '/:orderId/pay',
    {
      onRequest: app.requireUser,
      config: perCustomerLimit('order-pay'),
      schema: {
        tags,
        params: orderRefParamSchema,
        body: payOrderBodySchema,
        response: { 200: envelope(z.string()) },
      },
    },
    async (request) =>
      ok(
        'Payment opened successfully',
        await payOrder(request.deps, currentUser(request), request.params.orderId, request.body),
      ),
  );

  r.patch(
    '/:orderId/fulfilment',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        params: orderRefParamSchema,
        body: fulfilmentPatchBodySchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) =>
      ok(
        'Order fulfilment updated successfully',
        await changeFulfilment(
          request.deps,
          currentUser(request),
          request.params.orderId,
          request.body,
        ),
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
        await changeOrderStatus(
          request.deps,
          request.params.orderId,
          request.body.status,
          currentUser(request).id,
        ),
      ),
  );
}
