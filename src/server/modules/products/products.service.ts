import type { PageMeta } from '#shared/contract/envelope.ts';
import {
  IMAGE_FIELD,
  productFormFieldsSchema,
  type Product,
  type ProductFacets,
  type ProductFacetsQuery,
  type ProductListQuery,
  type ProductSuggestQuery,
  type ProductSuggestions,
} from '#shared/contract/product.ts';
import type { ProductSizeInput } from '#shared/contract/product-sizing.ts';
import type { Rider } from '#shared/rules/fit.ts';
import { toCents } from '#shared/rules/money.ts';
import { isUniqueViolation } from '#server/db/pg-errors.ts';
import type { Deps } from '#server/deps.ts';
import { AppError, notFound } from '#server/lib/app-error.ts';
import { pageMeta } from '#server/lib/reply.ts';
import { parseInput } from '#server/lib/validation.ts';
import { readImageChange } from '../uploads/image-field.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import { discardImage, withSavedImages } from './product-image-files.ts';
import { ifMatchHolds, productEtag } from './products.etag.ts';
import { findSizes } from './product-sizes.repository.ts';
import { productFacets } from './products.facets.ts';
import { specColumns, toProduct } from './products.mapper.ts';
import {
  findLiveProduct,
  findLiveProductBySlug,
  insertProductWithSizes,
  listProducts,
  productCountQuery,
  recordOf,
  softDeleteProduct,
  updateLiveProduct,
  type ProductRecord,
  type ProductValues,
  type ListQuery,
} from './products.repository.ts';
import { searchOf } from './products.filters.ts';
import {
  closestTerm,
  literalSearch,
  resolveSearch,
  type ResolvedSearch,
} from './products.search.ts';
import { productSuggestions } from './products.suggest.ts';
import { indexedSuggestions } from './suggestion-index.service.ts';

const productNotFound = () => notFound('Product not found.');

const PRODUCT_CHANGED =
  'This bicycle has changed since it was loaded. Load it again, then make your changes.';
const productChanged = () => new AppError(412, 'PRECONDITION_FAILED', PRODUCT_CHANGED);

/** The query's search term resolved against the catalog's words (typo corrections), if any. */
async function withSearch<Q extends ProductFacetsQuery>(
  deps: Deps,
  query: Q,
): Promise<Q & { search?: ResolvedSearch }> {
  const term = query.searchTerm?.trim();
  return term ? { ...query, search: await resolveSearch(deps.db, term) } : query;
}

/**
 * A term like the query's that finds bicycles under the same filters, when the query's found none:
 * its unknown words replaced by the catalog's closest (closestTerm), checked with one bounded count.
 */
async function suggestedTerm(deps: Deps, query: ListQuery): Promise<string | null> {
  const search = searchOf(query);
  if (!search) return null;
  const term = await closestTerm(deps.db, search);
  if (term === null) return null;
  const corrected = { ...query, searchTerm: term, search: await resolveSearch(deps.db, term) };
  const [found] = await productCountQuery(deps.db, corrected, 0);
  return found && found.n > 0 ? term : null;
}

export async function getProductPage(
  deps: Deps,
  query: ProductListQuery,
): Promise<{ data: Product[]; meta: PageMeta }> {
  const list = await withSearch(deps, query);
  const { rows, total, exact } = await listProducts(deps.db, list);
  const sizes = await findSizes(
    deps.db,
    rows.map((row) => row.id),
  );
  const rider: Rider | undefined =
    query.riderHeightCm === undefined
      ? undefined
      : { heightCm: query.riderHeightCm, inseamCm: query.inseamCm };
  const meta: PageMeta = exact
    ? pageMeta(query.page, query.limit, total)
    : { ...pageMeta(query.page, query.limit, total), totalExact: false };
  // Only a search has a suggestion to offer: other lists keep the meta they always had.
  if (list.search) meta.suggestion = total === 0 ? await suggestedTerm(deps, list) : null;
  return {
    data: rows.map((row) =>
      toProduct({ row, sizes: sizes.get(row.id) ?? [] }, deps.imageUrls, rider),
    ),
    meta,
  };
}

export async function getProductFacets(
  deps: Deps,
  query: ProductFacetsQuery,
): Promise<ProductFacets> {
  return productFacets(deps.db, await withSearch(deps, query));
}

/** GET /products/suggest: the best few bicycles for what has been typed, brands, categories. */
export async function getProductSuggestions(
  deps: Deps,
  query: ProductSuggestQuery,
): Promise<ProductSuggestions> {
  const term = query.q.trim();
  const index = deps.suggestions.current();
  if (index) return indexedSuggestions(index, term, deps.imageUrls);
  const search = term ? await resolveSearch(deps.db, term) : literalSearch('');
  return productSuggestions(deps.db, search, deps.imageUrls);
}

export async function getProduct(deps: Deps, id: string): Promise<Product> {
  const row = await findLiveProduct(deps.db, id);
  if (!row) throw productNotFound();
  return toProduct(await recordOf(deps.db, row), deps.imageUrls);
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
  return toProduct(await recordOf(deps.db, row), deps.imageUrls);
}

/**
 * Each attempt that loses takes a slug someone else just took, so n writers naming bicycles alike
 * at once need up to n attempts: enough for a team of admins importing a catalog together.
 */
const SLUG_ATTEMPTS = 20;

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

interface ProductForm {
  values: ProductValues;
  /** Absent: an update keeps the product's sizes. Empty: one size. */
  sizes: ProductSizeInput[] | undefined;
}

/**
 * Validates the text fields of a product form; details name each field (`body.sizes.1.label`).
 * Specs left out of the form keep the product's; given, they replace all of them.
 */
function parseForm(fields: Record<string, string>): ProductForm {
  const { price, sizes, specs, ...rest } = parseInput(productFormFieldsSchema, 'body', fields);
  return {
    values: { ...rest, priceCents: toCents(price), ...(specs ? specColumns(specs) : {}) },
    sizes,
  };
}

/**
 * A form that leaves the sizes of a sized product as they are needs no quantity: the stock is the
 * sizes'. The current sum stands in for a blank one (it is not written: decision 011).
 */
function keepingSizes(
  fields: Record<string, string>,
  current: ProductRecord,
): Record<string, string> {
  const blank = fields.quantity === undefined || fields.quantity.trim() === '';
  if (fields.sizes !== undefined || current.sizes.length === 0 || !blank) return fields;
  return { ...fields, quantity: String(current.row.quantity) };
}

export async function createProduct(
  deps: Deps,
  form: MultipartForm,
  actorId: string | null = null,
): Promise<Product> {
  const { values, sizes } = parseForm(form.fields);
  const change = readImageChange(form, IMAGE_FIELD, null);
  const saved = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const now = deps.clock.now();
  const record = await withSavedImages(deps, saved ? [saved.key] : [], () =>
    withFreeSlug(() =>
      insertProductWithSizes(
        deps.db,
        { ...values, imageKey: saved?.key ?? null, createdAt: now, updatedAt: now },
        sizes ?? [],
        actorId,
      ),
    ),
  );
  deps.catalogChanged();
  return toProduct(record, deps.imageUrls);
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
  actorId: string | null = null,
): Promise<Product> {
  const row = await findLiveProduct(deps.db, id);
  if (!row) throw productNotFound();
  const current = await recordOf(deps.db, row);
  const { values, sizes } = parseForm(keepingSizes(form.fields, current));
  const accept =
    ifMatch === undefined
      ? undefined
      : (record: ProductRecord) =>
          ifMatchHolds(ifMatch, productEtag(toProduct(record, deps.imageUrls)));
  // Checked here so a stale edit stores no image; checked again, under the lock, when writing.
  if (accept && !accept(current)) throw productChanged();
  const change = readImageChange(form, IMAGE_FIELD, row.imageKey);
  const saved = change.kind === 'replace' ? await deps.images.save(change.file) : undefined;
  const result = await withSavedImages(deps, saved ? [saved.key] : [], async () => {
    const updatedAt = deps.clock.now();
    const update = await withFreeSlug(() =>
      updateLiveProduct(
        deps.db,
        id,
        { ...values, updatedAt },
        sizes,
        change.kind === 'keep' ? undefined : (saved?.key ?? null),
        accept,
        actorId,
      ),
    );
    // Deleted, or changed, between the first look and the write.
    if (update.outcome === 'missing') throw productNotFound();
    if (update.outcome === 'refused') throw productChanged();
    return update;
  });
  deps.catalogChanged();
  await discardImage(deps, result.replacedImageKey);
  return toProduct(result.record, deps.imageUrls);
}

/** Soft delete: gone from the shop; the row and its image stay for the orders that show it. */
export async function deleteProduct(deps: Deps, id: string): Promise<void> {
  const deleted = await softDeleteProduct(deps.db, id, deps.clock.now());
  if (!deleted) throw productNotFound();
  deps.catalogChanged();
}
