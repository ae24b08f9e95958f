import type { Product } from '#shared/contract/product.ts';
import type { StockEdit } from '#shared/contract/stock.ts';
import type { Deps } from '#server/deps.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { fieldError } from '#server/lib/validation.ts';
import { ifMatchHolds, productEtag } from './products.etag.ts';
import { toProduct } from './products.mapper.ts';
import { writeStock } from './products-stock.repository.ts';

export const STOCK_CHANGED =
  'The stock of this bicycle has changed since it was loaded. Load it again, then make your change.';

/**
 * The 412 of a stale stock edit: it carries the product as it now is, so the client can show what
 * changed (each size's stock in `details`) and go on from the fresh values and ETag.
 */
export class StockChangedError extends AppError {
  constructor(readonly current: Product) {
    super(
      412,
      'PRECONDITION_FAILED',
      STOCK_CHANGED,
      current.sizes && current.sizes.length > 0
        ? current.sizes.map((s) => ({ path: `stock.${s.label}`, message: String(s.quantity) }))
        : [{ path: 'stock', message: String(current.quantity) }],
    );
  }
}

/** PATCH /products/:id/stock: sets one size's stock, only while If-Match (when sent) holds. */
export async function setProductStock(
  deps: Deps,
  id: string,
  edit: StockEdit,
  ifMatch: string | undefined,
  actorId: string,
): Promise<Product> {
  const show = (record: Parameters<typeof toProduct>[0]) => toProduct(record, deps.imageUrls);
  const result = await writeStock(
    deps.db,
    id,
    { size: edit.size ?? null, quantity: edit.quantity, note: edit.note ?? null, actorId },
    (current) => ifMatch === undefined || ifMatchHolds(ifMatch, productEtag(show(current))),
  );
  switch (result.outcome) {
    case 'missing':
      throw notFound('Product not found.');
    case 'refused':
      throw new StockChangedError(show(result.record));
    case 'one-size':
      throw fieldError('body', 'size', 'This bicycle has no sizes.');
    case 'size-required':
      throw fieldError('body', 'size', 'Choose a size.');
    case 'no-such-size':
      throw fieldError('body', 'size', 'This bicycle has no such size.');
    case 'updated':
      deps.catalogChanged();
      return show(result.record);
  }
}
