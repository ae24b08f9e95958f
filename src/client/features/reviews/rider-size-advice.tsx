import type { Product } from '#shared/contract/product.ts';
import { SIZE_ADVICE_MIN_REVIEWS, sizeAdvice, sizeAdviceText } from '#shared/rules/ratings.ts';
import { useGetProductReviewsQuery } from './reviews-api.ts';

/**
 * What riders of the shopper's height chose and how it fitted, beside the size picker. Asks for
 * the reviews' summary only once the bicycle has enough reviews and the shopper's height is known.
 */
export function RiderSizeAdvice({
  product,
  heightCm,
}: {
  product: Pick<Product, '_id' | 'rating'>;
  heightCm: number | null | undefined;
}) {
  const enough = (product.rating?.count ?? 0) >= SIZE_ADVICE_MIN_REVIEWS;
  const { data } = useGetProductReviewsQuery(
    { productId: product._id, limit: 1 },
    { skip: !enough || !heightCm },
  );
  if (!enough || !heightCm || !data) return null;
  const advice = sizeAdvice(data.summary, heightCm);
  if (!advice) return null;
  return (
    <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <span className="font-semibold">From riders like you: </span>
      {sizeAdviceText(advice)}
    </p>
  );
}
