import { Icon } from '#client/components/ui/icon.tsx';
import arrowRightIcon from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx';
import { useGetProductsQuery } from '../products-api.ts';
import { paths } from '#client/lib/paths.ts';
import { fedByLoader } from '#client/lib/api.ts';

const FEATURED_COUNT = 6;

/** The newest six bicycles. */
export function FeaturedProducts() {
  const { data, isLoading, isError } = useGetProductsQuery({ limit: FEATURED_COUNT }, fedByLoader);
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-bold tracking-[0.2em] text-brand-700 uppercase">
            Just arrived
          </p>
          <h2
            id="featured-heading"
            className="mt-2 text-3xl font-black tracking-tight text-ink sm:text-4xl"
          >
            Featured Products
          </h2>
        </div>
        <Link to={paths.shop} className={buttonClasses({ variant: 'outline' })}>
          View All Products
          <Icon node={arrowRightIcon} className="h-4 w-4" />
        </Link>
      </div>
      <div className="mt-8">
        {isLoading ? (
          <ProductGridSkeleton count={FEATURED_COUNT} />
        ) : isError || !data ? (
          <p className="rounded-2xl border border-slate-200 p-8 text-center text-slate-700">
            The featured bicycles could not be loaded. Please try again later.
          </p>
        ) : (
          <ProductGrid products={data.data} />
        )}
      </div>
    </section>
  );
}
