import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../rules/money.ts';
import { searchTermSchema } from './envelope.ts';

export const CATEGORIES = [
  'Road Bicycle',
  'Mountain Bike',
  'Kids Bicycles',
  'Electric Bikes',
  'Hybrid Bicycle',
  'BMX Bike',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const STOCK_CLASSES = ['inStock', 'lowStock', 'outOfStock'] as const;
export type StockClass = (typeof STOCK_CLASSES)[number];

export const PRODUCT_SORTS = [
  '-createdAt',
  'createdAt',
  'price',
  '-price',
  'name',
  '-name',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const MAX_PRICE = 1_000_000;
export const MAX_QUANTITY = 100_000;

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
  inStock: z.boolean(),
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

const quantity = z.preprocess(
  formNumber,
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Quantity is required' : 'Quantity must be a number',
    })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity must be 0 or more')
    .max(MAX_QUANTITY, `Quantity must be at most ${String(MAX_QUANTITY)}`),
);

export const productListQuerySchema = z
  .object({
    searchTerm: searchTermSchema.optional(),
    category: z.enum(CATEGORIES).optional(),
    minPrice: z.coerce.number().min(0).max(MAX_PRICE).optional(),
    maxPrice: z.coerce.number().min(0).max(MAX_PRICE).optional(),
    stock: z.enum(STOCK_CLASSES).optional(),
    sort: z.enum(PRODUCT_SORTS).default('-createdAt'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(24),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be greater than maxPrice',
    path: ['minPrice'],
  });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductListParams = z.input<typeof productListQuerySchema>;

/** Text fields of the multipart create and update forms (the image travels beside them). */
export const productFieldsSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  brand: z
    .string({ error: 'Brand is required' })
    .trim()
    .min(1, 'Brand is required')
    .max(100, 'Brand must be at most 100 characters'),
  category: z.enum(CATEGORIES, { error: 'Choose a category' }),
  price,
  quantity,
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(5000, 'Description must be at most 5000 characters'),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** The form part that carries the image: a file, the current image URL (keep) or "" (remove). */
export const IMAGE_FIELD = 'imageUrl';
