import { TableHead } from '#client/components/ui/table.tsx';
import { Loading } from './loading.tsx';
import type { ReactNode } from 'react';
import type { PageMeta } from '#shared/contract/envelope.ts';
import { ListPager } from './list-pager.tsx';
import { PageHeading } from './page-heading.tsx';
import { tableClass, tableWrapClass, thClass } from './table.ts';

interface AdminTableProps<T> {
  title: string;
  /** Plural noun for the caption, loading and error texts, e.g. "orders". */
  noun: string;
  emptyText: string;
  columns: string[];
  result: {
    data?: { data: T[]; meta: PageMeta } | undefined;
    isLoading: boolean;
    isFetching: boolean;
    isError: boolean;
  };
  renderRow: (item: T) => ReactNode;
  onPage: (page: number) => void;
  /** Controls between the heading and the list (filters); they stay while the list reloads. */
  toolbar?: ReactNode;
}

/** A dashboard list: heading, spinner while loading, error, empty state, table and pager. */
export function AdminTable<T>({
  title,
  noun,
  emptyText,
  columns,
  result,
  renderRow,
  onPage,
  toolbar,
}: AdminTableProps<T>) {
  const { data, isLoading, isFetching, isError } = result;
  const caption = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <div>
      <PageHeading title={title} />
      {toolbar}
      {isLoading ? (
        <Loading label={`Loading ${noun}`} padding="py-16" />
      ) : isError || !data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The {noun} could not be loaded. Please try again.
        </p>
      ) : data.data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white py-10 text-center text-slate-600">
          {emptyText}
        </p>
      ) : (
        <>
          <div className={tableWrapClass}>
            <table className={tableClass} aria-busy={isFetching}>
              <caption className="sr-only">{caption}</caption>
              <TableHead cellClassName={thClass} columns={columns} />
              <tbody className="divide-y divide-slate-100">{data.data.map(renderRow)}</tbody>
            </table>
          </div>
          <ListPager
            meta={data.meta}
            onPageChange={onPage}
            label={`${caption.replace(/s$/, '')} pages`}
          />
        </>
      )}
    </div>
  );
}
