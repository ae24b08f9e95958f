import type { Product } from '#shared/contract/product.ts';
import { ProductCard } from './product-card.tsx';

const grid = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3';

/** Cards in the spec's grid: 2 columns on small screens, 3 from medium up. */
export function ProductGrid({
  products,
  eagerCount = 0,
}: {
  products: readonly Product[];
  eagerCount?: number;
}) {
  return (
    <ul className={grid}>
      {products.map((product, index) => (
        <li key={product._id} className="flex [&>article]:w-full">
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholders the size of real cards, so the page does not jump when products arrive. */
export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-2xl border border-slate-200">
          <div className="aspect-[4/3] animate-pulse bg-slate-100" />
          <div className="space-y-2 p-4">
            <div className="h-3 w-1/3 animate-pulse rounded bg-slate-100" />
            <div className="h-5 w-3/4 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
            <div className="h-9 w-full animate-pulse rounded-full bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
