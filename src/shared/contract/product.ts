import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../rules/money.ts';
import { searchTermSchema } from './envelope.ts';
import { namedTextField } from './fields.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SIZE_LABEL_MAX,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
  productSizeSchema,
  productSizesFieldSchema,
  productSpecsFieldSchema,
  productSpecsSchema,
} from './product-sizing.ts';
import {
  CATEGORIES,
  PRODUCT_SORTS,
  STOCK_CLASSES,
  type Category,
  type ProductSort,
  type StockClass,
} from './catalog-values.ts';

export { CATEGORIES, PRODUCT_SORTS, STOCK_CLASSES };
export type { Category, ProductSort, StockClass };

export const MAX_PRICE = 1_000_000;
export const MAX_QUANTITY = 100_000;

/** A bicycle's gallery holds at most this many pictures (decision 026). */
export const MAX_PRODUCT_IMAGES = 12;
/** Alt text describes one picture in a sentence; longer text is a description, not alt text. */
export const IMAGE_ALT_MAX = 200;

/** One picture of a bicycle's gallery: the large WebP, its thumbnail and what it shows. */
export const productImageSchema = z.object({
  _id: z.uuid(),
  url: z.string(),
  thumbnailUrl: z.string(),
  alt: z.string(),
});
export type ProductImage = z.infer<typeof productImageSchema>;

const imageAltSchema = z
  .string()
  .trim()
  .max(IMAGE_ALT_MAX, `Alt text must be at most ${IMAGE_ALT_MAX} characters.`);

/** PUT /products/:id/images: every image of the gallery once, in the new order, with its alt text. */
export const productImagesOrderSchema = z
  .array(z.object({ _id: z.uuid(), alt: imageAltSchema }).strict())
  .max(MAX_PRODUCT_IMAGES);
export type ProductImagesOrder = z.infer<typeof productImagesOrderSchema>;

/** The text fields of POST /products/:id/images (the files are `image` parts). */
export const productImagesFormSchema = z.object({ alt: imageAltSchema.optional() });

export const imageIdParamSchema = z.object({
  id: z.uuid('Invalid id'),
  imageId: z.uuid('Invalid id'),
});

export const productSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  brand: z.string(),
  /** The address of the product's page, /bikes/<slug>: lowercase words of brand and name. */
  slug: z.string(),
  category: z.enum(CATEGORIES),
  price: z.number(),
  quantity: z.number().int(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /**
   * The gallery, in order; the first is `imageUrl`. Sent with one product (GET, PUT and the
   * gallery routes); lists leave it out, since cards show only the first.
   */
  images: z.array(productImageSchema).optional(),
  inStock: z.boolean(),
  /**
   * Smallest first; empty (or absent) for a one-size product. With sizes, `quantity` is their
   * sum and `inStock` says whether any size is.
   */
  sizes: z.array(productSizeSchema).optional(),
  /** What the maker states; absent specs are unknown, not zero. */
  specs: productSpecsSchema.optional(),
  /** With `riderHeightCm` in the query: the size that fits that rider, or null (rules/fit.ts). */
  recommendedSize: z.string().nullable().optional(),
  /** The visible reviews' average (one decimal) and count; null while it has none. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * Form fields arrive as text: a plain decimal is read as a number, blank is "missing", and
 * anything else (hex, exponents, words) stays a string so the number check refuses it.
 */
function formNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

const price = z.preprocess(
  formNumber,
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Price is required' : 'Price must be a number',
    })
    .min(0, 'Price must be 0 or more')
    .max(MAX_PRICE, `Price must be at most ${String(MAX_PRICE)}`)
    .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals'),
);

const quantityNumber = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'Quantity is required' : 'Quantity must be a number',
  })
  .int('Quantity must be a whole number')
  .min(0, 'Quantity must be 0 or more')
  .max(MAX_QUANTITY, `Quantity must be at most ${String(MAX_QUANTITY)}`);

const quantity = z.preprocess(formNumber, quantityNumber);
/** A blank box is "not given", which a sized product's form may be. */
const optionalQuantity = z.preprocess(formNumber, quantityNumber.optional());

/** Values one repeated query parameter may carry (`?size=S&size=M`). */
export const MAX_FILTER_VALUES = 20;
/** Rider measurements the fit filter accepts, in whole centimetres. */
export const RIDER_HEIGHT_MIN_CM = 80;
export const RIDER_HEIGHT_MAX_CM = 230;
export const INSEAM_MIN_CM = 30;
export const INSEAM_MAX_CM = 120;

/**
 * A query parameter that may be repeated: one value arrives as a string, several as an array.
 * Either way the handler gets a list without repeats, in the order given.
 */
function repeatable<T extends z.ZodType<string>>(item: T, error: string) {
  return z
    .union([item, z.array(item).min(1).max(MAX_FILTER_VALUES)], { error })
    .transform((value): z.output<T>[] => [...new Set(Array.isArray(value) ? value : [value])]);
}

/** An optional repeatable filter over a list of values, its error naming the parameter. */
function anyOf<const V extends readonly [string, ...string[]]>(name: string, values: V) {
  return repeatable(z.enum(values), `${name} must be one of ${values.join(', ')}`).optional();
}

const SIZE_PARAM_ERROR = `size must be a size label of 1 to ${String(SIZE_LABEL_MAX)} characters`;

/** Words a search term may have: each is a condition on every product. */
export const MAX_SEARCH_WORDS = 10;

/**
 * The shop's search term: at most 100 characters (searchTermSchema) in at most ten words, and no
 * NUL, which no text in the database can hold.
 */
export const productSearchTermSchema = searchTermSchema
  .refine((term) => !term.includes('\u0000'), 'Search term must not contain NUL characters')
  .refine(
    (term) => term.split(/\s+/u).filter(Boolean).length <= MAX_SEARCH_WORDS,
    `Search term must have at most ${String(MAX_SEARCH_WORDS)} words`,
  );

/** The filters of GET /products and GET /products/facets (everything but order and paging). */
const productFilterFields = {
  searchTerm: productSearchTermSchema.optional(),
  category: z.enum(CATEGORIES).optional(),
  minPrice: z.coerce.number().min(0).max(MAX_PRICE).optional(),
  maxPrice: z.coerce.number().min(0).max(MAX_PRICE).optional(),
  stock: z.enum(STOCK_CLASSES).optional(),
  /** Products with any of these sizes in stock. */
  size: repeatable(
    z.string().trim().min(1, SIZE_PARAM_ERROR).max(SIZE_LABEL_MAX, SIZE_PARAM_ERROR),
    SIZE_PARAM_ERROR,
  ).optional(),
  wheelSize: anyOf('wheelSize', WHEEL_SIZES),
  frameMaterial: anyOf('frameMaterial', FRAME_MATERIALS),
  brakes: anyOf('brakes', BRAKE_TYPES),
  suspension: anyOf('suspension', SUSPENSION_TYPES),
  /** The fit filter: products whose recommended size for this rider is in stock. */
  riderHeightCm: z.coerce
    .number()
    .int()
    .min(RIDER_HEIGHT_MIN_CM)
    .max(RIDER_HEIGHT_MAX_CM)
    .optional(),
  /** Decides between two sizes that both fit the height; only with riderHeightCm. */
  inseamCm: z.coerce.number().int().min(INSEAM_MIN_CM).max(INSEAM_MAX_CM).optional(),
};

interface FilterBounds {
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  riderHeightCm?: number | undefined;
  inseamCm?: number | undefined;
}

function checkFilterBounds(q: FilterBounds, ctx: z.RefinementCtx): void {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice)
    ctx.addIssue({
      code: 'custom',
      message: 'minPrice must not be greater than maxPrice',
      path: ['minPrice'],
    });
  if (q.inseamCm !== undefined && q.riderHeightCm === undefined)
    ctx.addIssue({ code: 'custom', message: 'inseamCm needs riderHeightCm', path: ['inseamCm'] });
}

/**
 * The order of a list: the one asked for, or by relevance with a search term and newest first
 * without. Relevance without a term is newest first too.
 */
function listOrder(sort: ProductSort | undefined, searchTerm: string | undefined): ProductSort {
  if (!searchTerm) return sort === undefined || sort === 'relevance' ? '-createdAt' : sort;
  return sort ?? 'relevance';
}

export const productListQuerySchema = z
  .object({
    ...productFilterFields,
    sort: z.enum(PRODUCT_SORTS).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(24),
  })
  .superRefine(checkFilterBounds)
  // The order last, given or not, so equal queries read alike (the page cache keys on them).
  .transform(({ sort, ...rest }) => ({ ...rest, sort: listOrder(sort, rest.searchTerm) }));
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductListParams = z.input<typeof productListQuerySchema>;

/** GET /products/facets: the filters of GET /products, without order and paging. */
export const productFacetsQuerySchema = z
  .object(productFilterFields)
  .superRefine(checkFilterBounds);
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;
export type ProductFacetsParams = z.input<typeof productFacetsQuerySchema>;

/** GET /products/suggest: what a rider has typed so far (blank gives empty lists). */
export const productSuggestQuerySchema = z.object({
  q: productSearchTermSchema.default(''),
});
export type ProductSuggestQuery = z.infer<typeof productSuggestQuerySchema>;

/** One bicycle of the as-you-type list: enough to show it and link to its page. */
export const productSuggestionSchema = z.object({
  _id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  thumbnailUrl: z.string().nullable(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

/** The best few bicycles for the words typed, and the brands and categories they name. */
export const productSuggestionsSchema = z.object({
  products: z.array(productSuggestionSchema),
  brands: z.array(z.string()),
  categories: z.array(z.enum(CATEGORIES)),
});
export type ProductSuggestions = z.infer<typeof productSuggestionsSchema>;

function facetList<T extends z.ZodType<string>>(value: T) {
  return z.array(z.object({ value, count: z.number().int() }));
}

/**
 * How many products each filter value would give: each facet counted with every other filter of
 * the query applied but not its own, so choosing a value never hides its siblings.
 */
export const productFacetsSchema = z.object({
  category: facetList(z.enum(CATEGORIES)),
  stock: facetList(z.enum(STOCK_CLASSES)),
  size: facetList(z.string()),
  wheelSize: facetList(z.enum(WHEEL_SIZES)),
  frameMaterial: facetList(z.enum(FRAME_MATERIALS)),
  brakes: facetList(z.enum(BRAKE_TYPES)),
  suspension: facetList(z.enum(SUSPENSION_TYPES)),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;
export type FacetName = keyof ProductFacets;
export type FacetCount<K extends FacetName = FacetName> = ProductFacets[K][number];

/** Text fields of the multipart create and update forms (the image travels beside them). */
export const productFieldsSchema = z.object({
  name: namedTextField('Name', 200),
  brand: namedTextField('Brand', 100),
  category: z.enum(CATEGORIES, { error: 'Choose a category' }),
  price,
  quantity,
  description: namedTextField('Description', 5000),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/**
 * The whole multipart product form: the fields above plus `sizes` and `specs` as JSON text.
 * With sizes, `quantity` may be left out and is ignored: the product's stock is the sum of its
 * sizes. Without `sizes` (absent) an update keeps the product's sizes; `sizes` blank or `[]`
 * makes it a one-size product, which needs a quantity. `specs` absent keeps the specs; blank
 * clears them.
 */
export const productFormFieldsSchema = z
  .object({
    ...productFieldsSchema.shape,
    quantity: optionalQuantity,
    sizes: productSizesFieldSchema.optional(),
    specs: productSpecsFieldSchema.optional(),
  })
  .check((ctx) => {
    const { quantity: given, sizes } = ctx.value;
    // Sizes that failed their own checks are not a reason to ask for a quantity as well.
    const oneSize = sizes === undefined || (Array.isArray(sizes) && sizes.length === 0);
    if (given === undefined && oneSize)
      ctx.issues.push({
        code: 'custom',
        message: 'Quantity is required',
        path: ['quantity'],
        input: given,
      });
  })
  .transform(({ quantity: given, ...rest }) => ({
    ...rest,
    quantity:
      rest.sizes && rest.sizes.length > 0
        ? rest.sizes.reduce((sum, size) => sum + size.quantity, 0)
        : (given ?? 0),
  }));
export type ProductFormFields = z.infer<typeof productFormFieldsSchema>;
export type ProductFormFieldsInput = z.input<typeof productFormFieldsSchema>;

/** The form part that carries the image: a file, the current image URL (keep) or "" (remove). */
export const IMAGE_FIELD = 'imageUrl';
