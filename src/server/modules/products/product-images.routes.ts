import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParamSchema } from '#shared/contract/envelope.ts';
import {
  imageIdParamSchema,
  MAX_PRODUCT_IMAGES,
  productImagesOrderSchema,
  productSchema,
  type Product,
} from '#shared/contract/product.ts';
import { ok } from '#server/lib/reply.ts';
import { readMultipart } from '../uploads/multipart.ts';
import {
  addProductImages,
  deleteProductImage,
  reorderProductImages,
} from './product-images.service.ts';
import { productEtag } from './products.etag.ts';

/** The admin's gallery routes; each answers the product with its new gallery and ETag. */
export function productImagesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['products'], response: { 200: envelope(productSchema) } };
  const send = (reply: FastifyReply, message: string, product: Product) => {
    reply.header('etag', productEtag(product));
    return ok(message, product);
  };

  r.post(
    '/:id/images',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...schema,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 201: envelope(productSchema) },
      },
    },
    async (request, reply) => {
      // One over the limit is read, so the service answers 409 with the count, not 413.
      const form = await readMultipart(request, MAX_PRODUCT_IMAGES + 1);
      const product = await addProductImages(request.deps, request.params.id, form);
      reply.code(201);
      return send(reply, 'Images added successfully', product);
    },
  );

  r.put(
    '/:id/images',
    {
      onRequest: app.requireAdmin,
      schema: { ...schema, params: idParamSchema, body: productImagesOrderSchema },
    },
    async (request, reply) =>
      send(
        reply,
        'Images updated successfully',
        await reorderProductImages(request.deps, request.params.id, request.body),
      ),
  );

  r.delete(
    '/:id/images/:imageId',
    { onRequest: app.requireAdmin, schema: { ...schema, params: imageIdParamSchema } },
    async (request, reply) =>
      send(
        reply,
        'Image deleted successfully',
        await deleteProductImage(request.deps, request.params.id, request.params.imageId),
      ),
  );
}
