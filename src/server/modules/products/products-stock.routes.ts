import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParamSchema, pagedEnvelope } from '#shared/contract/envelope.ts';
import { productSchema } from '#shared/contract/product.ts';
import {
  importQuerySchema,
  inventoryItemSchema,
  inventoryQuerySchema,
  importResultSchema,
  stockEditSchema,
  stockLedgerEntrySchema,
  stockLedgerQuerySchema,
} from '#shared/contract/stock.ts';
import { notFound } from '#server/lib/app-error.ts';
import { ok, paged, pageMeta } from '#server/lib/reply.ts';
import { currentUser } from '../auth/current-user.ts';
import { exportCatalog, importCatalog } from './catalog-csv.service.ts';
import { productEtag } from './products.etag.ts';
import { toProduct } from './products.mapper.ts';
import { listInventory } from './products-inventory.repository.ts';
import { findLiveProduct } from './products.repository.ts';
import { setProductStock, StockChangedError } from './products-stock.service.ts';
import { listStockLedger } from './stock-ledger.repository.ts';

/** The back office's stock routes: the inventory table's edits, the ledger, the catalog as CSV. */
export function productsStockRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/:id/stock',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        params: idParamSchema,
        body: stockEditSchema,
        response: { 200: envelope(productSchema) },
      },
    },
    async (request, reply) => {
      try {
        const product = await setProductStock(
          request.deps,
          request.params.id,
          request.body,
          request.headers['if-match'],
          currentUser(request).id,
        );
        reply.header('etag', productEtag(product));
        return ok('Stock updated successfully', product);
      } catch (error) {
        // The tag of the product as it now is, so the client can retry on fresh values.
        if (error instanceof StockChangedError) reply.header('etag', productEtag(error.current));
        throw error;
      }
    },
  );

  r.get(
    '/:id/stock-ledger',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        params: idParamSchema,
        querystring: stockLedgerQuerySchema,
        response: { 200: pagedEnvelope(stockLedgerEntrySchema) },
      },
    },
    async (request) => {
      const product = await findLiveProduct(request.deps.db, request.params.id);
      if (!product) throw notFound('Product not found.');
      const { page, limit } = request.query;
      const { entries, total } = await listStockLedger(request.deps.db, product.id, request.query);
      return paged('Stock ledger retrieved successfully', entries, pageMeta(page, limit, total));
    },
  );

  r.get(
    '/inventory',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        querystring: inventoryQuerySchema,
        response: { 200: pagedEnvelope(inventoryItemSchema) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { records, total } = await listInventory(request.deps.db, request.query);
      const items = records.map((record) => {
        const product = toProduct(record, request.deps.imageUrls);
        return { ...product, etag: productEtag(product) };
      });
      return paged('Inventory retrieved successfully', items, pageMeta(page, limit, total));
    },
  );

  r.get(
    '/export.csv',
    { onRequest: app.requireAdmin, schema: { tags: ['products'] } },
    async (request, reply) => {
      const day = request.deps.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportCatalog(request.deps));
    },
  );

  r.post(
    '/import',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['products'],
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: envelope(importResultSchema) },
      },
    },
    async (request) => {
      const result = await importCatalog(request.deps, request, {
        dryRun: request.query.dryRun === 'true',
        actorId: currentUser(request).id,
      });
      const message =
        result.errors.length > 0
          ? 'The file has problems: nothing was imported.'
          : result.dryRun
            ? 'The file is ready to import.'
            : 'Catalog imported successfully';
      return ok(message, result);
    },
  );
}
