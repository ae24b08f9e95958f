import type { PageMeta } from '#shared/contract/envelope.ts';

/** Builds the success envelope of DESIGN.md section 4. */
export function ok<T>(message: string, data: T): { success: true; message: string; data: T } {
  return { success: true, message, data };
}

export function paged<T>(
  message: string,
  data: T[],
  meta: PageMeta,
): { success: true; message: string; data: T[]; meta: PageMeta } {
  return { success: true, message, data, meta };
}

export function pageMeta(page: number, limit: number, total: number): PageMeta {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
