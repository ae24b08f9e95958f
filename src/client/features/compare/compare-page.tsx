import { skipToken } from '@reduxjs/toolkit/query';
import bikeIcon from 'lucide-react/icons/bike';
import { Link, useSearchParams } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { buttonClasses } from '#client/components/ui/button.tsx';
import {
  namesNoProduct,
  useGetProductBySlugQuery,
} from '#client/features/products/products-api.ts';
import { CompareTable } from './compare-table.tsx';
import { compareRequest } from './compare-slugs.ts';
import { MAX_COMPARE } from './compare-storage.ts';
import { comparePath, useCompareList } from './use-compare-list.ts';
import { fedByLoader } from '#client/lib/api.ts';

/** The bicycles named in the address, side by side; the address alone is enough to share it. */
export function ComparePage() {
  const [search] = useSearchParams();
  const { slugs, dropped } = compareRequest(search);
  // A fixed number of queries, one per possible column, so the hooks run in the same order.
  const queries = [
    useGetProductBySlugQuery(slugs[0] ?? skipToken, fedByLoader),
    useGetProductBySlugQuery(slugs[1] ?? skipToken, fedByLoader),
    useGetProductBySlugQuery(slugs[2] ?? skipToken, fedByLoader),
    useGetProductBySlugQuery(slugs[3] ?? skipToken, fedByLoader),
  ].slice(0, slugs.length);

  const products: Product[] = [];
  const missing: string[] = [];
  for (const [index, query] of queries.entries()) {
    const product = query.data?.data;
    if (product) products.push(product);
    else if (namesNoProduct(query.error)) missing.push(slugs[index] ?? '');
  }
  const loading = queries.some((q) => q.isLoading);
  const failed = queries.filter((q) => q.error && !namesNoProduct(q.error));

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-black text-ink sm:text-4xl">Compare bicycles</h1>
      {dropped > 0 ? (
        <p role="note" className="mt-3 text-sm text-slate-700">
          Only the first {MAX_COMPARE} bicycles are compared.
        </p>
      ) : null}
      {missing.length > 0 ? (
        <p role="note" className="mt-3 text-sm text-slate-700">
          We could not find {missing.map((slug) => `“${slug}”`).join(', ')}, so{' '}
          {missing.length === 1 ? 'it is' : 'they are'} left out.
        </p>
      ) : null}
      {failed.length > 0 ? (
        <div className="mt-6">
          <LoadFailed
            message="Some bicycles could not be loaded."
            onRetry={() => {
              for (const query of failed) void query.refetch();
            }}
          />
        </div>
      ) : null}
      {loading ? (
        <div aria-hidden="true" className="mt-6 h-96 animate-pulse rounded-2xl bg-slate-100" />
      ) : products.length > 0 ? (
        <CompareTable products={products} slugs={products.map((p) => p.slug)} />
      ) : failed.length === 0 ? (
        <NothingToCompare />
      ) : null}
    </main>
  );
}

function NothingToCompare() {
  const picked = useCompareList();
  if (picked.length > 0)
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <p className="text-lg font-bold text-ink">You picked {picked.length} to compare.</p>
        <Link
          to={comparePath(picked.map((item) => item.slug))}
          className={buttonClasses({ className: 'mt-4' })}
        >
          Compare them
        </Link>
      </div>
    );
  return (
    <EmptyState
      icon={bikeIcon}
      message="Choose bicycles to compare with the Compare button on any bicycle."
    />
  );
}
