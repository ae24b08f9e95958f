import type { Product } from '#shared/contract/product.ts';
import { sizeAdvice, sizeAdviceText } from '#shared/rules/ratings.ts';
import { useGetProductReviewsQuery } from './reviews-api.ts';

/** What riders of the shopper's height chose and how it fitted, from the reviews' summary. */
export function SizeAdviceNote({
  product,
  heightCm,
}: {
  product: Pick<Product, '_id'>;
  heightCm: number;
}) {
  const { data } = useGetProductReviewsQuery({ productId: product._id, limit: 1 });
  if (!data) return null;
  const advice = sizeAdvice(data.summary, heightCm);
  if (!advice) return null;
  return (
    <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <span className="font-semibold">From riders like you: </span>
      {sizeAdviceText(advice)}
    </p>
  );
}
