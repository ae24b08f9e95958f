import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { groupBy } from '#server/lib/group-by.ts';
import { productImages, products } from '#server/db/schema.ts';

export type ImageRow = typeof productImages.$inferSelect;

const galleryOrder = [
  asc(productImages.position),
  asc(productImages.createdAt),
  asc(productImages.id),
] as const;

/** The galleries of these products, each in its order; the first is the product's image_key. */
export async function findImages(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, ImageRow[]>> {
  if (productIds.length === 0) return new Map<string, ImageRow[]>();
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, [...productIds]))
    .orderBy(asc(productImages.productId), ...galleryOrder);
  return groupBy(rows, (row) => row.productId);
}

async function galleryOf(tx: Executor, productId: string): Promise<ImageRow[]> {
  return tx
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(...galleryOrder);
}

/**
 * Locks a live product's row for a gallery change and reads its gallery. Two uploads at once
 * queue on the lock, so the second counts the first's pictures and the limit holds.
 */
async function lockedGallery(tx: Executor, productId: string): Promise<ImageRow[] | undefined> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .for('update');
  return row ? galleryOf(tx, productId) : undefined;
}

export type GalleryWrite<T = undefined> =
  | { outcome: 'done'; value: T }
  | { outcome: 'missing' }
  | { outcome: 'full'; count: number }
  | { outcome: 'unknownImage' }
  | { outcome: 'mismatch' };

/** Adds pictures after the last one, unless the gallery would then hold more than `max`. */
export async function addImages(
  db: Executor,
  productId: string,
  keys: readonly string[],
  alt: string,
  max: number,
): Promise<GalleryWrite> {
  return db.transaction(async (tx): Promise<GalleryWrite> => {
    const gallery = await lockedGallery(tx, productId);
    if (!gallery) return { outcome: 'missing' };
    if (gallery.length + keys.length > max) return { outcome: 'full', count: gallery.length };
    const next = Math.max(-1, ...gallery.map((image) => image.position)) + 1;
    await tx
      .insert(productImages)
      .values(keys.map((imageKey, i) => ({ productId, imageKey, alt, position: next + i })));
    return { outcome: 'done', value: undefined };
  });
}

/**
 * Puts the gallery in the given order with the given alt texts. The list must name every picture
 * once: one it does not know is `unknownImage`, a list that leaves some out or repeats one is
 * `mismatch` (an admin working on an old copy of the gallery).
 */
export async function reorderImages(
  db: Executor,
  productId: string,
  order: readonly { _id: string; alt: string }[],
): Promise<GalleryWrite> {
  return db.transaction(async (tx): Promise<GalleryWrite> => {
    const gallery = await lockedGallery(tx, productId);
    if (!gallery) return { outcome: 'missing' };
    const known = new Set(gallery.map((image) => image.id));
    if (order.some((item) => !known.has(item._id))) return { outcome: 'unknownImage' };
    const named = new Set(order.map((item) => item._id));
    if (named.size !== order.length || named.size !== known.size) return { outcome: 'mismatch' };
    for (const [position, item] of order.entries()) {
      await tx
        .update(productImages)
        .set({ position, alt: item.alt })
        .where(eq(productImages.id, item._id));
    }
    return { outcome: 'done', value: undefined };
  });
}

/** Deletes one picture of a live product and gives back its key, whose files can then go. */
export async function deleteImage(
  db: Executor,
  productId: string,
  imageId: string,
): Promise<GalleryWrite<string>> {
  return db.transaction(async (tx): Promise<GalleryWrite<string>> => {
    const gallery = await lockedGallery(tx, productId);
    if (!gallery) return { outcome: 'missing' };
    const [gone] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning({ key: productImages.imageKey });
    return gone ? { outcome: 'done', value: gone.key } : { outcome: 'unknownImage' };
  });
}

/**
 * What the product form's single image field does to the gallery, inside the transaction that
 * holds the product's lock: a new file becomes the first picture (replacing the first one's file,
 * as the form always did), "" removes the first picture. The trigger then sets image_key.
 */
export async function setFirstImage(
  tx: Executor,
  productId: string,
  key: string | null,
): Promise<void> {
  const [first] = await galleryOf(tx, productId);
  if (key === null) {
    if (first) await tx.delete(productImages).where(eq(productImages.id, first.id));
    return;
  }
  if (first) {
    await tx
      .update(productImages)
      .set({ imageKey: key, alt: '' })
      .where(eq(productImages.id, first.id));
    return;
  }
  await tx.insert(productImages).values({ productId, imageKey: key, position: 0 });
}

/** Whether any gallery still shows the picture (a key is never shared today; this keeps it safe). */
export async function imageKeyInUse(db: Executor, key: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(productImages)
    .where(eq(productImages.imageKey, key))
    .limit(1);
  return row !== undefined;
}
