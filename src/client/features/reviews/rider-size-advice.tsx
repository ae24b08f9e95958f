import { lazy, Suspense } from 'react';
import type { Product } from '#shared/contract/product.ts';

// The note and the reviews API load only for a shopper it can speak to, so the product page's
// first load carries neither.
const SizeAdviceNote = lazy(async () => ({
  default: (await import('./size-advice-note.tsx')).SizeAdviceNote,
}));

/**
 * The fewest reviews the advice speaks from: SIZE_ADVICE_MIN_REVIEWS in src/shared/rules/ratings.ts,
 * which the note applies again; repeated here so that rule module stays out of the first load.
 */
const MIN_REVIEWS = 3;

/**
 * What riders of the shopper's height chose and how it fitted, beside the size picker: asked for
 * only once the bicycle has enough reviews and the shopper's height is known.
 */
export function RiderSizeAdvice({
  product,
  heightCm,
}: {
  product: Pick<Product, '_id' | 'rating'>;
  heightCm: number | null | undefined;
}) {
  if ((product.rating?.count ?? 0) < MIN_REVIEWS || !heightCm) return null;
  return (
    <Suspense fallback={null}>
      <SizeAdviceNote product={product} heightCm={heightCm} />
    </Suspense>
  );
}
