import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { products, productSizes } from '#server/db/schema.ts';
import { recordOf, type ProductRecord } from './products.repository.ts';
import { setStockContext } from './stock-ledger.context.ts';

export type StockWrite =
  | { outcome: 'updated'; record: ProductRecord }
  | { outcome: 'missing' }
  | { outcome: 'refused'; record: ProductRecord }
  | { outcome: 'no-such-size' | 'size-required' | 'one-size'; record: ProductRecord };

/**
 * Sets one size's stock (or a one-size product's) if `accept` approves the product as it is under
 * its row lock, the lock every stock writer takes first (decision 011); the ledger line (reason
 * "admin", by, note) is written by the triggers in the same transaction.
 */
export function writeStock(
  db: Executor,
  id: string,
  edit: { size: string | null; quantity: number; note: string | null; actorId: string },
  accept: (current: ProductRecord) => boolean,
): Promise<StockWrite> {
  return inTransaction(db, async (tx): Promise<StockWrite> => {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.deletedAt)))
      .for('update');
    if (!row) return { outcome: 'missing' };
    const current = await recordOf(tx, row);
    const { sizes } = current;
    if (!accept(current)) return { outcome: 'refused', record: current };
    if (sizes.length === 0 && edit.size !== null) return { outcome: 'one-size', record: current };
    if (sizes.length > 0 && edit.size === null)
      return { outcome: 'size-required', record: current };
    if (edit.size !== null && !sizes.some((s) => s.label === edit.size))
      return { outcome: 'no-such-size', record: current };
    await setStockContext(tx, { reason: 'admin', actorId: edit.actorId, note: edit.note });
    if (edit.size === null) {
      await tx.update(products).set({ quantity: edit.quantity }).where(eq(products.id, id));
    } else {
      await tx
        .update(productSizes)
        .set({ quantity: edit.quantity })
        .where(and(eq(productSizes.productId, id), eq(productSizes.label, edit.size)));
    }
    const [after] = await tx.select().from(products).where(eq(products.id, id));
    return {
      outcome: 'updated',
      record: await recordOf(tx, after ?? row),
    };
  });
}
