import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParamSchema, pagedEnvelope } from '#shared/contract/envelope.ts';
import { productListQuerySchema, productSchema } from '#shared/contract/product.ts';
import { ok, paged } from '../../lib/reply.ts';
import { getProduct, getProductPage } from './products.service.ts';

export function productsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/',
    {
      schema: {
        tags: ['products'],
        querystring: productListQuerySchema,
        response: { 200: pagedEnvelope(productSchema) },
      },
    },
    async (request) => {
      const page = await getProductPage(app.db, request.query);
      return paged('Products retrieved successfully', page.data, page.meta);
    },
  );

  r.get(
    '/:id',
    { schema: { tags: ['products'], params: idParamSchema, response: { 200: envelope(productSchema) } } },
    async (request) => ok('Product retrieved successfully', await getProduct(app.db, request.params.id)),
  );
}
