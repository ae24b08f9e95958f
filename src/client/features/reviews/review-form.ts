import { reviewBodySchema, type ReviewBody, type ReviewFit } from '#shared/contract/review.ts';

/** What the review form's controls hold, as chosen and typed. */
export interface ReviewFormValues {
  rating: string;
  title: string;
  body: string;
  fit: ReviewFit | '';
  heightCm: string;
}

export type ReviewFormErrors = Partial<
  Record<'rating' | 'title' | 'body' | 'fit' | 'heightCm', string>
>;

export function emptyReviewForm(heightCm: number | null | undefined): ReviewFormValues {
  return { rating: '', title: '', body: '', fit: '', heightCm: heightCm ? String(heightCm) : '' };
}

const FIELD_OF: Record<string, keyof ReviewFormErrors> = {
  rating: 'rating',
  title: 'title',
  body: 'body',
  fit: 'fit',
  riderHeightCm: 'heightCm',
};

/** A plain whole or decimal number; anything else is NaN, blank is null. */
function numberOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

/**
 * The request body the form's values make, checked with the API's own schema, or the errors to
 * show beside each control.
 */
export function readReviewForm(
  orderId: string,
  values: ReviewFormValues,
): { ok: true; body: ReviewBody } | { ok: false; errors: ReviewFormErrors } {
  const height = numberOf(values.heightCm);
  const parsed = reviewBodySchema.safeParse({
    orderId,
    rating: values.rating === '' ? undefined : Number(values.rating),
    title: values.title,
    body: values.body,
    fit: values.fit === '' ? undefined : values.fit,
    riderHeightCm: height,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: ReviewFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
