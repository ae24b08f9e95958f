import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shopMessages } from '#shared/messages/shop.ts';
import {
  defaultShopSort,
  resultsLabel,
  shopFacetParams,
  shopFiltersToSearchParams,
  shopListParams,
} from '#shared/rules/filters.ts';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { Pager } from '#client/components/ui/pager.tsx';
import { activeFilters } from './active-filters.ts';
import { FilterChips } from './components/filter-chips.tsx';
import { FilterPanel } from './components/filter-panel.tsx';
import { FilterSheet } from './components/filter-sheet.tsx';
import { ProductGrid, ProductGridSkeleton } from './components/product-grid.tsx';
import { resetFilters } from './filters-slice.ts';
import { useGetProductFacetsQuery, useGetProductsQuery } from './products-api.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { SortSelect } from './components/sort-select.tsx';
import { filtersAfter, shopHref, useShopFilters } from './use-shop-filters.ts';
import { fedByLoader } from '#client/lib/api.ts';

/** The sidebar, which a "Filters" link shows on a narrow screen without scripts. */
const SIDEBAR_ID = 'shop-filters';
/** The sidebar's filter form, which the order beside the results belongs to. */
const FORM_ID = 'shop-filter-form';

export function ShopView() {
  const { filters, change, goToPage, sortBy, takeEarlyChanges } = useShopFilters();
  // Typing and dragging ask the API once they pause; the address follows every change at once.
  const searchTerm = useDebouncedValue(filters.searchTerm, 300);
  const priceRange = useDebouncedValue(filters.priceRange, 300);
  const page = filters.page;
  const settled = { ...filters, searchTerm, priceRange };
  const { data, isLoading, isFetching, isError, refetch } = useGetProductsQuery(
    shopListParams(settled),
    fedByLoader,
  );
  // The counts beside each filter value, for the same filters; the last answer stays while the
  // next one loads, so the panel does not jump.
  const { data: facets } = useGetProductFacetsQuery(shopFacetParams(settled), fedByLoader);
  // The same filters in the phone's sheet and in the sidebar.
  const panel = { filters, change, takeEarlyChanges, facets };

  const [sheetOpen, setSheetOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const products = data?.data ?? [];
  const meta = data?.meta;

  const anyActive = activeFilters(filters).length > 0;
  const clearAll = () => {
    change(resetFilters());
  };

  const clearAllHref = shopHref(filtersAfter(filters, resetFilters()));

  const goTo = (next: number) => {
    goToPage(next);
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <main>
      <section className="relative isolate overflow-hidden bg-ink text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_20%,rgba(245,158,11,0.35),transparent_40%),radial-gradient(circle_at_55%_130%,rgba(219,39,119,0.35),transparent_45%),linear-gradient(120deg,#0f172a,#1e1b4b)]"
        />
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-[0.2em] text-brand-400 uppercase">
            Bi-Cycle Store
          </p>
          <h1 className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">Shop Now</h1>
          <p className="mt-3 max-w-xl text-slate-200">
            Road, mountain, kids, electric, hybrid and BMX bicycles. Filter by what matters to you
            and find your next ride.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[15.5rem_1fr] lg:gap-10">
        <aside aria-label="Filters">
          <FilterSheet
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            sidebarId={SIDEBAR_ID}
            results={meta}
            onClearAll={anyActive ? clearAll : undefined}
          >
            <FilterPanel {...panel} />
          </FilterSheet>
          {/* The sidebar: sticky, scrolling on its own, so a choice low in it leaves the results'
              top in view. Out of the page while the sheet holds the panel. On a narrower screen
              without scripts, the "Filters" link shows it in place (its target). */}
          {sheetOpen ? null : (
            <div
              id={SIDEBAR_ID}
              className="hidden scroll-mt-24 overscroll-contain target:block lg:sticky lg:top-24 lg:block lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto lg:pr-2 lg:pb-4"
            >
              <FilterPanel {...panel} formId={FORM_ID} />
            </div>
          )}
        </aside>

        <section ref={resultsRef} aria-labelledby="shop-results" className="min-w-0 scroll-mt-24">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-baseline gap-3">
              <h2 id="shop-results" className="text-xl font-bold text-ink">
                Bicycles
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {meta ? resultsLabel(meta) : ''}
              </p>
            </div>
            <SortSelect filters={filters} sortBy={sortBy} form={FORM_ID} />
          </div>
          <FilterChips filters={filters} change={change} />
          {meta?.suggestion ? (
            <p className="mb-5 text-base text-slate-700">
              Did you mean{' '}
              <Link
                to={{
                  search: shopFiltersToSearchParams({
                    ...filters,
                    searchTerm: meta.suggestion,
                    sort: defaultShopSort(meta.suggestion),
                    page: 1,
                  }).toString(),
                }}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {meta.suggestion}
              </Link>
              ?
            </p>
          ) : null}

          {isLoading ? (
            <ProductGridSkeleton count={6} />
          ) : isError && !data ? (
            <LoadFailed
              message="The bicycles could not be loaded."
              onRetry={() => void refetch()}
            />
          ) : products.length === 0 && meta && meta.total > 0 ? (
            <NoResults message={shopMessages.pageEmpty(meta.page)}>
              <Link
                to={{
                  search: shopFiltersToSearchParams({
                    ...filters,
                    page: meta.totalPages,
                  }).toString(),
                }}
                preventScrollReset
                className={buttonClasses({ variant: 'outline', className: 'mt-5' })}
              >
                {shopMessages.lastPage(meta.totalPages)}
              </Link>
            </NoResults>
          ) : products.length === 0 ? (
            <NoResults message={shopMessages.noProducts}>
              <Link
                to={clearAllHref}
                onClick={(event) => {
                  event.preventDefault();
                  clearAll();
                }}
                className={buttonClasses({ variant: 'outline', className: 'mt-5' })}
              >
                Clear all filters
              </Link>
            </NoResults>
          ) : (
            <div
              className={cx('transition-opacity', isFetching && 'opacity-60')}
              aria-busy={isFetching}
            >
              <ProductGrid products={products} eagerCount={2} />
            </div>
          )}

          {meta && meta.totalPages > 1 ? (
            <div className="mt-10">
              <Pager
                page={page}
                totalPages={meta.totalPages}
                more={meta.totalExact === false}
                onPageChange={goTo}
                hrefOf={(to) => shopHref({ ...filters, page: to })}
                label="Product pages"
                numbered
              />
            </div>
          ) : null}
        </section>
      </div>
    </main>
  );
}

/** An empty results area: what is empty, and the way on. */
function NoResults({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
      <p className="text-xl font-bold text-ink">{message}</p>
      {children}
    </div>
  );
}
