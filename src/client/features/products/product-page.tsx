import { Breadcrumb } from '#client/components/ui/breadcrumb.tsx';
import { Navigate, useParams } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { LoadFailed } from '#client/components/ui/load-failed.tsx';
import { NotFoundPage } from '../static-pages/not-found-page.tsx';
import { ProductGrid } from './components/product-grid.tsx';
import { ProductGallery } from './gallery/product-gallery.tsx';
import { PurchasePanel } from './components/purchase-panel.tsx';
import { SizeChart } from './components/size-chart.tsx';
import { SpecTable } from './components/spec-table.tsx';
import { GeometryTable } from './geometry/geometry-table.tsx';
import { CompareButton } from '#client/features/compare/compare-button.tsx';
import { ProductSummary } from './components/product-summary.tsx';
import { NotifyMe } from '../stock-alerts/notify-me.tsx';
import { ProductReviews } from '../reviews/product-reviews.tsx';
import { paths, productPath, shopPath } from '#client/lib/paths.ts';
import { jsonForScript, productStructuredData } from './product-json-ld.ts';
import { namesNoProduct, useGetProductBySlugQuery, useGetProductsQuery } from './products-api.ts';
import { useSiteOrigin } from './site-origin.ts';
import { fedByLoader } from '#client/lib/api.ts';

/** How many other bicycles of the category the page suggests. */
const RELATED_COUNT = 3;

export function ProductPage() {
  const { slug = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetProductBySlugQuery(slug, fedByLoader);
  const product = data?.data;

  if (namesNoProduct(error)) return <NotFoundPage />;
  // An earlier slug: the page lives at the current one (the server answers 301 for it).
  if (product && product.slug !== slug) return <Navigate to={productPath(product)} replace />;
  if (product) return <ProductDetails product={product} />;
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      {isLoading ? (
        <div aria-hidden="true" className="grid gap-8 md:grid-cols-2">
          <div className="aspect-[4/3] animate-pulse rounded-2xl bg-slate-100" />
          <div className="space-y-4">
            <div className="h-8 w-2/3 animate-pulse rounded bg-slate-100" />
            <div className="h-5 w-1/3 animate-pulse rounded bg-slate-100" />
            <div className="h-24 w-full animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ) : (
        <LoadFailed message="This bicycle could not be loaded." onRetry={() => void refetch()} />
      )}
    </main>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const origin = useSiteOrigin();
  const soldOut = product.quantity <= 0;
  const { data: sameCategory } = useGetProductsQuery(
    { category: product.category, limit: RELATED_COUNT + 1 },
    fedByLoader,
  );
  const related = (sameCategory?.data ?? [])
    .filter((p) => p._id !== product._id)
    .slice(0, RELATED_COUNT);
  const categoryShop = shopPath(new URLSearchParams({ category: product.category }));

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForScript(productStructuredData(product, origin)) }}
      />
      <Breadcrumb
        trail={[
          { to: paths.home, label: 'Home' },
          { to: paths.shop, label: 'Shop' },
          { to: categoryShop, label: product.category },
        ]}
        current={product.name}
        separator="/"
        className="mb-6 text-sm text-slate-600"
        listClassName="flex flex-wrap items-center gap-1.5"
        currentClassName="min-w-0 truncate font-semibold text-ink"
      />

      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery product={product} />
        <div className="flex min-w-0 flex-col gap-4">
          <ProductSummary
            product={product}
            title={
              <h1 className="text-3xl leading-tight font-black break-words text-ink sm:text-4xl">
                {product.name}
              </h1>
            }
            descriptionClassName="leading-relaxed break-words whitespace-pre-line text-slate-700"
          />
          {soldOut ? <NotifyMe productId={product._id} /> : null}
          <PurchasePanel product={product} />
          <CompareButton product={product} />
          <SpecTable specs={product.specs} category={product.category} />
          <SizeChart sizes={product.sizes ?? []} />
        </div>
      </div>
      <ProductReviews product={product} />

      <GeometryTable product={product} />

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-14">
          <h2 id="related-heading" className="mb-5 text-xl font-bold text-ink">
            More from this category
          </h2>
          <ProductGrid products={related} />
        </section>
      ) : null}
    </main>
  );
}
