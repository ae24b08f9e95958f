import type { ReactNode } from 'react';
import type { Product } from '#shared/contract/product.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { StockPill } from './stock-pill.tsx';

/** A bicycle's category, stock, name, brand, price and description, as the page and the dialog show them. */
export function ProductSummary({
  product,
  title,
  headerClassName = '',
  descriptionClassName,
}: {
  product: Product;
  /** The name, as the place's heading (the page's `h1`, the dialog's title). */
  title: ReactNode;
  headerClassName?: string;
  descriptionClassName: string;
}) {
  const soldOut = product.quantity <= 0;
  return (
    <>
      <div className={`flex flex-wrap items-center gap-2 ${headerClassName}`.trim()}>
        <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {product.category}
        </span>
        <StockPill quantity={product.quantity} />
      </div>
      <div>
        {title}
        <p className="mt-1 text-slate-600">
          Brand: <span className="font-semibold text-ink">{product.brand}</span>
        </p>
      </div>
      {/* A value shown large, not a heading (a big bold paragraph reads as one). */}
      <data value={product.price} className="block text-3xl font-black text-ink">
        {formatPrice(product.price)}
      </data>
      <p className={descriptionClassName}>{product.description}</p>
      <p className="text-sm text-slate-600">
        {soldOut ? 'Currently out of stock.' : `${String(product.quantity)} in stock`}
      </p>
    </>
  );
}
