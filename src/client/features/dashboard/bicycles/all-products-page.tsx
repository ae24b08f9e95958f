import { messages } from '#shared/messages.ts';
import { ListPager } from '../components/list-pager.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { useListPage } from '../components/list-page.ts';
import { useGetAdminProductsQuery } from '../dashboard-api.ts';
import { ProductCard } from './product-card.tsx';

const LIMIT = 24;

export function AllProductsPage() {
  const { searchTerm, page, setPage } = useListPage();
  const { data, isLoading, isFetching, isError } = useGetAdminProductsQuery({
    page,
    limit: LIMIT,
    searchTerm,
  });

  return (
    <div>
      <PageHeading title="All Products" />
      {isLoading ? (
        <p className="py-10 text-center text-slate-600">{messages.admin.loading}</p>
      ) : isError || !data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The bicycles could not be loaded. Please try again.
        </p>
      ) : data.data.length === 0 ? (
        <p className="py-10 text-center text-slate-600">{messages.shop.noProducts}</p>
      ) : (
        <>
          <ul
            aria-label="Bicycles"
            aria-busy={isFetching}
            className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 2xl:grid-cols-4"
          >
            {data.data.map((product) => (
              <ProductCard key={product._id} product={product} />
            ))}
          </ul>
          <ListPager meta={data.meta} onPageChange={setPage} label="Bicycle pages" />
        </>
      )}
    </div>
  );
}
