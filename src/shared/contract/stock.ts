import { z } from 'zod';
import { pageQuerySchema, searchTermSchema } from './envelope.ts';
import { CATEGORIES, MAX_QUANTITY, productSchema, STOCK_CLASSES } from './product.ts';
import { SIZE_LABEL_MAX } from './product-sizing.ts';

/**
 * Why a size's stock changed: an order took it, a cancel, expiry or refund gave it back, an admin
 * set it (the product form or the inventory table), an import wrote it, or the product (or size)
 * was created with it.
 */
export const STOCK_REASONS = ['order', 'release', 'admin', 'import', 'created'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_NOTE_MAX = 200;

/** One line of a product's stock ledger; `size` null for a one-size product. */
export const stockLedgerEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  size: z.string().nullable(),
  change: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  orderNumber: z.string().nullable(),
  /** The name of whoever made the change; null for the shop itself (an expiry, a seed). */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;

export const stockLedgerQuerySchema = pageQuerySchema(50)
  .omit({ searchTerm: true })
  .extend({
    /** One size's lines; `-` for a one-size product's. */
    size: z.string().trim().min(1).max(SIZE_LABEL_MAX).optional(),
  });
export type StockLedgerQuery = z.infer<typeof stockLedgerQuerySchema>;

/** PATCH /products/:id/stock: sets one size's (or a one-size product's) stock. */
export const stockEditSchema = z.object({
  size: z.string().trim().min(1).max(SIZE_LABEL_MAX).optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(MAX_QUANTITY, `Quantity must be at most ${String(MAX_QUANTITY)}`),
  note: z
    .string()
    .trim()
    .max(STOCK_NOTE_MAX, `Note must be at most ${String(STOCK_NOTE_MAX)} characters`)
    .optional(),
});
export type StockEdit = z.infer<typeof stockEditSchema>;

/** The size label that stands for a one-size product in ledger queries. */
export const ONE_SIZE = '-';

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).default('false'),
});

export const importProblemSchema = z.object({
  /** The line of the file, counting the header as row 1; 0 for the file as a whole. */
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importResultSchema = z.object({
  dryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importProblemSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The inventory table's orders: each column, both ways. */
export const INVENTORY_SORTS = [
  'name',
  '-name',
  'brand',
  '-brand',
  'category',
  '-category',
  'price',
  '-price',
  'quantity',
  '-quantity',
  'createdAt',
  '-createdAt',
] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

/** GET /products/inventory (admin): the back office's table of every live bicycle. */
export const inventoryQuerySchema = z.object({
  searchTerm: searchTermSchema.optional(),
  category: z.enum(CATEGORIES).optional(),
  stock: z.enum(STOCK_CLASSES).optional(),
  /** Bicycles that have this size (whatever its stock). */
  size: z.string().trim().min(1).max(SIZE_LABEL_MAX).optional(),
  sort: z.enum(INVENTORY_SORTS).default('name'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;
export type InventoryParams = z.input<typeof inventoryQuerySchema>;

/** A row of the inventory: the bicycle, and the ETag its stock edits send back (If-Match). */
export const inventoryItemSchema = productSchema.extend({ etag: z.string() });
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
