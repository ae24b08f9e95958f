import { z } from 'zod';

/** `meta` of every paginated list. */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /**
   * false when `total` is a lower bound: the catalog counts its matches only as far as the page
   * asked for needs (decision 014), so a broad search reads "1,000+ results".
   */
  totalExact: z.boolean().optional(),
  /**
   * GET /products with a search term: a corrected term that finds bicycles when this one found
   * none ("specilaized" → "Specialized"), else null.
   */
  suggestion: z.string().nullable().optional(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: pageMetaSchema,
  });
}

export type Envelope<T> = { success: true; message: string; data: T };
export type PagedEnvelope<T> = Envelope<T[]> & { meta: PageMeta };

/** Query fields shared by every paginated list. */
export const searchTermSchema = z
  .string()
  .trim()
  .max(100, 'Search term must be at most 100 characters');
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
    searchTerm: searchTermSchema.optional(),
  });
}

export const idParamSchema = z.object({ id: z.uuid('Invalid id') });
