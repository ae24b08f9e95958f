import type { FastifyBaseLogger } from 'fastify';
import type { PageMeta } from '#shared/contract/envelope.ts';
import {
  IMAGE_FIELD,
  productFieldsSchema,
  type Product,
  type ProductListQuery,
} from '#shared/contract/product.ts';
import { toCents } from '#shared/rules/money.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { pageMeta } from '../../lib/reply.ts';
import { readImageChange } from '../uploads/image-field.ts';
import type { ImageStore, StoredImage } from '../uploads/images.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import { toProduct } from './products.mapper.ts';
import {
  findLiveProduct,
  insertProduct,
  listProducts,
  softDeleteProduct,
  updateLiveProduct,
  type ProductValues,
} from './products.repository.ts';

/** What the write operations need from the app. */
export interface ProductDeps {
  db: Executor;
  images: ImageStore;
  clock: Clock;
  log: FastifyBaseLogger;
}

const productNotFound = () => notFound('Product not found.');

export async function getProductPage(
  db: Executor,
  query: ProductListQuery,
): Promise<{ data: Product[]; meta: PageMeta }> {
  const { rows, total } = await listProducts(db, query);
  return { data: rows.map(toProduct), meta: pageMeta(query.page, query.limit, total) };
}

export async function getProduct(db: Executor, id: string): Promise<Product> {
  const row = await findLiveProduct(db, id);
  if (!row) throw productNotFound();
  return toProduct(row);
}

/** Validates the text fields of a product form; details name each field. */
function parseFields(fields: Record<string, string>): ProductValues {
  const parsed = productFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', details);
  }
  const { price, ...rest } = parsed.data;
  return { ...rest, priceCents: toCents(price) };
}

/** Deletes image files whose record no longer points at them; a failure here must not undo the write. */
async function discardImage(deps: ProductDeps, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await deps.images.remove(key);
  } catch (err) {
    deps.log.warn({ err, imageKey: key }, 'could not delete image files');
  }
}

/** Runs a database write after new image files were saved; the files go if the write does not happen. */
async function withSavedImage<T>(
  deps: ProductDeps,
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

export async function createProduct(deps: ProductDeps, form: MultipartForm): Promise<Product> {
  const values = parseFields(form.fields);
  const change = readImageChange(form, IMAGE_FIELD, null);
  const saved = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const now = deps.clock.now();
  const row = await withSavedImage(deps, saved, () =>
    insertProduct(deps.db, {
      ...values,
      imageKey: saved?.key ?? null,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toProduct(row);
}

export async function updateProduct(
  deps: ProductDeps,
  id: string,
  form: MultipartForm,
): Promise<Product> {
  const values = parseFields(form.fields);
  const current = await findLiveProduct(deps.db, id);
  if (!current) throw productNotFound();
  const change = readImageChange(form, IMAGE_FIELD, current.imageKey);
  const saved = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const result = await withSavedImage(deps, saved, async () => {
    const updated = await updateLiveProduct(deps.db, id, {
      ...values,
      ...(change.kind === 'keep' ? {} : { imageKey: saved?.key ?? null }),
      updatedAt: deps.clock.now(),
    });
    // Deleted between the check and the write.
    if (!updated) throw productNotFound();
    return updated;
  });
  if (result.previousImageKey !== result.row.imageKey)
    await discardImage(deps, result.previousImageKey);
  return toProduct(result.row);
}

/** Soft delete: gone from the shop; the row and its image stay for the orders that show it. */
export async function deleteProduct(deps: ProductDeps, id: string): Promise<void> {
  const deleted = await softDeleteProduct(deps.db, id, deps.clock.now());
  if (!deleted) throw productNotFound();
}
