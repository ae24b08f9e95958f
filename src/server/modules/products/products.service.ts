import type { PageMeta } from '#shared/contract/envelope.ts';
import {
  IMAGE_FIELD,
  productFieldsSchema,
  type Product,
  type ProductListQuery,
} from '#shared/contract/product.ts';
import { toCents } from '#shared/rules/money.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { Deps } from '#server/deps.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { pageMeta } from '#server/lib/reply.ts';
import { parseInput } from '#server/lib/validation.ts';
import { readImageChange } from '../uploads/image-field.ts';
import type { StoredImage } from '../uploads/images.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import { ifMatchHolds, productEtag } from './products.etag.ts';
import { toProduct } from './products.mapper.ts';
import {
  findLiveProduct,
  findLiveProductBySlug,
  insertProduct,
  listProducts,
  softDeleteProduct,
  updateLiveProduct,
  type ProductRow,
  type ProductValues,
} from './products.repository.ts';

const productNotFound = () => notFound('Product not found.');

const PRODUCT_CHANGED =
  'This bicycle has changed since it was loaded. Load it again, then make your changes.';
const productChanged = () => new AppError(412, 'PRECONDITION_FAILED', PRODUCT_CHANGED);

export async function getProductPage(
  deps: Deps,
  query: ProductListQuery,
): Promise<{ data: Product[]; meta: PageMeta }> {
  const { rows, total } = await listProducts(deps.db, query);
  return {
    data: rows.map((row) => toProduct(row, deps.imageUrls)),
    meta: pageMeta(query.page, query.limit, total),
  };
}

export async function getProduct(deps: Deps, id: string): Promise<Product> {
  const row = await findLiveProduct(deps.db, id);
  if (!row) throw productNotFound();
  return toProduct(row, deps.imageUrls);
}

/** The shape every slug has; anything else names no product and needs no query. */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A live product by its current or an earlier slug. The answer carries the current slug, so a
 * caller that asked by an old one sees the difference and can redirect.
 */
export async function getProductBySlug(deps: Deps, slug: string): Promise<Product> {
  if (!SLUG_SHAPE.test(slug)) throw productNotFound();
  const row = await findLiveProductBySlug(deps.db, slug);
  if (!row) throw productNotFound();
  return toProduct(row, deps.imageUrls);
}

const SLUG_ATTEMPTS = 5;

/**
 * Runs a write that gives a product a slug. Two writers naming bicycles alike at the same moment
 * can both be offered the same free slug; the unique index refuses the second, whose next attempt
 * sees the first's slug and takes the next number. The slug is the products table's only unique
 * column besides the random id, so a unique violation here is always a slug taken meanwhile.
 */
async function withFreeSlug<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= SLUG_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Validates the text fields of a product form; details name each field. */
function parseFields(fields: Record<string, string>): ProductValues {
  const { price, ...rest } = parseInput(productFieldsSchema, 'body', fields);
  return { ...rest, priceCents: toCents(price) };
}

/** Deletes image files whose record no longer points at them; a failure here must not undo the write. */
async function discardImage(deps: Deps, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await deps.images.remove(key);
  } catch (err) {
    deps.log.warn({ err, imageKey: key }, 'could not delete image files');
  }
}

/** Runs a database write after new image files were saved; the files go if the write does not happen. */
async function withSavedImage<T>(
  deps: Deps,
  saved: StoredImage | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardImage(deps, saved?.key);
    throw error;
  }
}

export async function createProduct(deps: Deps, form: MultipartForm): Promise<Product> {
  const values = parseFields(form.fields);
  const change = readImageChange(form, IMAGE_FIELD, null);
  const saved = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const now = deps.clock.now();
  const row = await withSavedImage(deps, saved, () =>
    withFreeSlug(() =>
      insertProduct(deps.db, {
        ...values,
        imageKey: saved?.key ?? null,
        createdAt: now,
        updatedAt: now,
      }),
    ),
  );
  deps.catalogChanged();
  return toProduct(row, deps.imageUrls);
}

/**
 * Replaces a product's fields (and image). With `ifMatch` (the If-Match header), the write
 * happens only while the product still has one of those ETags: an edit made on values loaded
 * before someone else's change (an order taking stock, another admin) answers 412 and writes
 * nothing, instead of putting the old values back.
 */
export async function updateProduct(
  deps: Deps,
  id: string,
  form: MultipartForm,
  ifMatch?: string,
): Promise<Product> {
  const values = parseFields(form.fields);
  const current = await findLiveProduct(deps.db, id);
  if (!current) throw productNotFound();
  const accept =
    ifMatch === undefined
      ? undefined
      : (row: ProductRow) => ifMatchHolds(ifMatch, productEtag(toProduct(row, deps.imageUrls)));
  // Checked here so a stale edit stores no image; checked again, under the lock, when writing.
  if (accept && !accept(current)) throw productChanged();
  const change = readImageChange(form, IMAGE_FIELD, current.imageKey);
  const saved = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const result = await withSavedImage(deps, saved, async () => {
    const updatedAt = deps.clock.now();
    const update = await withFreeSlug(() =>
      updateLiveProduct(
        deps.db,
        id,
        {
          ...values,
          ...(change.kind === 'keep' ? {} : { imageKey: saved?.key ?? null }),
          updatedAt,
        },
        accept,
      ),
    );
    // Deleted, or changed, between the first look and the write.
    if (update.outcome === 'missing') throw productNotFound();
    if (update.outcome === 'refused') throw productChanged();
    return update;
  });
  deps.catalogChanged();
  if (result.previousImageKey !== result.row.imageKey)
    await discardImage(deps, result.previousImageKey);
  return toProduct(result.row, deps.imageUrls);
}

/** Soft delete: gone from the shop; the row and its image stay for the orders that show it. */
export async function deleteProduct(deps: Deps, id: string): Promise<void> {
  const deleted = await softDeleteProduct(deps.db, id, deps.clock.now());
  if (!deleted) throw productNotFound();
  deps.catalogChanged();
}
