import type { Product } from '#shared/contract/product.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { useProductFit } from '../fit/use-product-fit.ts';

/** The rider's size for this bicycle ("Your size: M"), when the rider's measurements are known. */
export function FitNote({
  product,
  className,
}: {
  product: Pick<Product, 'sizes' | 'category' | 'recommendedSize'>;
  className?: string;
}) {
  const { text } = useProductFit(product);
  if (!text) return null;
  return <p className={cx('text-sm font-semibold text-brand-700', className)}>{text}</p>;
}
