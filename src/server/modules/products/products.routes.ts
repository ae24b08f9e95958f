import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParamSchema, pagedEnvelope } from '#shared/contract/envelope.ts';
import {
  productFacetsQuerySchema,
  productFacetsSchema,
  productListQuerySchema,
  productSchema,
  productSuggestQuerySchema,
  productSuggestionsSchema,
  type Product,
} from '#shared/contract/product.ts';
import { ok, paged } from '#server/lib/reply.ts';
import { currentUser } from '../auth/current-user.ts';
import { readMultipart } from '../uploads/multipart.ts';
import { catalogPageCache } from './products.cache.ts';
import { productImagesRoutes } from './product-images.routes.ts';
import { productsStockRoutes } from './products-stock.routes.ts';
import { etagOnSend, productEtag } from './products.etag.ts';
import {
  createProduct,
  deleteProduct,
  getProduct,
  getProductBySlug,
  getProductFacets,
  getProductPage,
  getProductSuggestions,
  updateProduct,
} from './products.service.ts';

/**
 * Create and update take multipart forms (text fields plus the `imageUrl` file), read by
 * readMultipart and validated with productFieldsSchema in the service, so they declare no
 * JSON body schema.
 */
export function productsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  productsStockRoutes(app);
  productImagesRoutes(app);

  /** A catalog answer kept in its own scope of the page cache and tagged for If-None-Match. */
  const cachedCatalog = <Q extends z.ZodType, R extends z.ZodType>(
    scope: string,
    querystring: Q,
    response: R,
  ) => {
    const cache = catalogPageCache(app, scope);
    return {
      schema: { tags: ['products'], querystring, response: { 200: response } },
      preValidation: cache.preValidation,
      preHandler: cache.preHandler,
      // The cache stores the bytes first; the ETag is then computed on whatever is sent.
      onSend: [cache.onSend, etagOnSend],
    };
  };

  r.get(
    '/',
    cachedCatalog('products', productListQuerySchema, pagedEnvelope(productSchema)),
    async (request) => {
      const page = await getProductPage(request.deps, request.query);
      return paged('Products retrieved successfully', page.data, page.meta);
    },
  );

  r.get(
    '/facets',
    cachedCatalog('facets', productFacetsQuerySchema, envelope(productFacetsSchema)),
    async (request) =>
      ok('Facets retrieved successfully', await getProductFacets(request.deps, request.query)),
  );

  r.get(
    '/suggest',
    cachedCatalog('suggest', productSuggestQuerySchema, envelope(productSuggestionsSchema)),
    async (request) =>
      ok(
        'Suggestions retrieved successfully',
        await getProductSuggestions(request.deps, request.query),
      ),
  );

  /** One bicycle, sent with the tag PUT's If-Match is checked against (see productEtag). */
  const oneProduct = <P extends z.ZodType>(params: P) => ({
    schema: { tags: ['products'], params, response: { 200: envelope(productSchema) } },
    onSend: etagOnSend,
  });
  const sendProduct = (reply: FastifyReply, product: Product) => {
    reply.header('etag', productEtag(product));
    return ok('Product retrieved successfully', product);
  };

  r.get('/:id', oneProduct(idParamSchema), async (request, reply) =>
    sendProduct(reply, await getProduct(request.deps, request.params.id)),
  );

  r.get('/slug/:slug', oneProduct(z.object({ slug: z.string() })), async (request, reply) =>
    sendProduct(reply, await getProductBySlug(request.deps, request.params.slug)),
  );

  r.post(
    '/',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        consumes: ['multipart/form-data'],
        response: { 201: envelope(productSchema) },
      },
    },
    async (request, reply) => {
      const product = await createProduct(
        request.deps,
        await readMultipart(request),
        currentUser(request).id,
      );
      return reply.code(201).send(ok('Product created successfully', product));
    },
  );

  r.put(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: envelope(productSchema) },
      },
    },
    async (request, reply) => {
      const product = await updateProduct(
        request.deps,
        request.params.id,
        await readMultipart(request),
        request.headers['if-match'],
        currentUser(request).id,
      );
      // The new tag, so a client can go on editing without loading the product again.
      reply.header('etag', productEtag(product));
      return ok('Product updated successfully', product);
    },
  );

  r.delete(
    '/:id',
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['products'], params: idParamSchema, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await deleteProduct(request.deps, request.params.id);
      return ok('Product deleted successfully', null);
    },
  );
}
