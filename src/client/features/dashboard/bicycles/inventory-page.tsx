import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useLocation, useOutletContext, useSearchParams } from 'react-router';
import { ProductThumbnail } from '#client/components/ui/product-image.tsx';
import { dashboardBicyclePath } from '#client/lib/paths.ts';
import { CATEGORIES, STOCK_CLASSES, type StockClass } from '#shared/contract/product.ts';
import type { InventoryItem } from '#shared/contract/stock.ts';
import { stockClassOf } from '#shared/rules/filters.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { ListPager } from '../components/list-pager.tsx';
import { Loading } from '../components/loading.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { selectClass, tableClass, tableWrapClass, tdClass, thClass } from '../components/table.ts';
import type { DashboardOutletContext } from '../layout/dashboard-search.ts';
import { CatalogCsvPanel } from './catalog-csv-panel.tsx';
import { useGetInventoryQuery } from './inventory-api.ts';
import {
  apiParamsOf,
  nextSort,
  paramsFromView,
  sortStateOf,
  viewFromParams,
  type InventoryView,
} from './inventory-query.ts';
import {
  isInventoryReturn,
  rememberedScroll,
  rememberScroll,
  type InventoryReturn,
} from './inventory-return.ts';
import { StockEditor, type RowState } from './stock-editor.tsx';
import { StockLedgerDialog } from './stock-ledger-dialog.tsx';

export const STOCK_CLASS_LABELS: Record<StockClass, string> = {
  inStock: 'In stock',
  lowStock: 'Low stock',
  outOfStock: 'Out of stock',
};

const STOCK_CLASS_STYLES: Record<StockClass, string> = {
  inStock: 'bg-green-50 text-green-800',
  lowStock: 'bg-amber-50 text-amber-900',
  outOfStock: 'bg-red-50 text-red-800',
};

const SORTABLE: { column: string; label: string; className?: string }[] = [
  { column: 'name', label: 'Name' },
  { column: 'brand', label: 'Brand' },
  { column: 'category', label: 'Category' },
  { column: 'price', label: 'Price', className: 'text-right' },
];

function SortHeader({
  view,
  column,
  label,
  onSort,
  className = '',
}: {
  view: InventoryView;
  column: string;
  label: string;
  onSort: (column: string) => void;
  className?: string;
}) {
  const state = sortStateOf(view.sort, column);
  return (
    <th scope="col" aria-sort={state} className={`${thClass} ${className}`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
      >
        {label}
        <span aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
        <span className="sr-only">
          {state === 'ascending'
            ? ', sorted ascending'
            : state === 'descending'
              ? ', sorted descending'
              : ', sort'}
        </span>
      </button>
    </th>
  );
}

/** One bicycle's row; its stock boxes save in place, and it remembers edits made on it. */
function InventoryRow({
  item,
  back,
  onLedger,
}: {
  item: InventoryItem;
  back: () => InventoryReturn;
  onLedger: (row: RowState) => void;
}) {
  // A row saved or reloaded here shows that version until the list brings a newer one.
  const [local, setLocal] = useState<{ base: string; row: RowState } | null>(null);
  const row: RowState =
    local && local.base === item.etag ? local.row : { product: item, etag: item.etag };
  const { product } = row;
  const stockClass = stockClassOf(product.quantity);
  return (
    <tr>
      <td className={tdClass}>
        <ProductThumbnail product={product} className="h-12 w-16 rounded-md object-cover" />
      </td>
      <td className={`${tdClass} font-medium text-slate-900`}>{product.name}</td>
      <td className={tdClass}>{product.brand}</td>
      <td className={tdClass}>{product.category}</td>
      <td className={`${tdClass} text-right whitespace-nowrap tabular-nums`}>
        {formatPrice(product.price)}
      </td>
      <td className={tdClass}>
        <StockEditor row={row} onChange={(next) => setLocal({ base: item.etag, row: next })} />
      </td>
      <td className={tdClass}>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STOCK_CLASS_STYLES[stockClass]}`}
        >
          {STOCK_CLASS_LABELS[stockClass]}
        </span>
        <span className="mt-1 block text-xs text-slate-600 tabular-nums">
          {product.quantity} in all
        </span>
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <Link
          to={dashboardBicyclePath(product._id)}
          state={back()}
          onClick={rememberScroll}
          aria-label={`Edit ${product.name}`}
          className="font-medium text-emerald-700 underline-offset-2 hover:underline"
        >
          Edit
        </Link>
        <button
          type="button"
          onClick={() => onLedger(row)}
          aria-label={`Stock history of ${product.name}`}
          className="ml-3 font-medium text-slate-700 underline-offset-2 hover:underline"
        >
          History
        </button>
      </td>
    </tr>
  );
}

function Filters({
  view,
  onChange,
}: {
  view: InventoryView;
  onChange: (next: Partial<InventoryView>) => void;
}) {
  const [term, setTerm] = useState(view.searchTerm);
  const [size, setSize] = useState(view.size);
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    onChange({ searchTerm: term, size });
  }
  return (
    <form
      role="search"
      aria-label="Inventory"
      onSubmit={submit}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <label className="flex flex-col text-sm text-slate-700">
        Search bicycles
        <input
          type="search"
          value={term}
          maxLength={100}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Name, brand or slug"
          className="mt-1 w-56 rounded-lg border border-slate-300 px-3 py-1.5 text-sm outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200"
        />
      </label>
      <label className="flex flex-col text-sm text-slate-700">
        Category
        <select
          className={`${selectClass} mt-1`}
          value={view.category ?? ''}
          onChange={(e) =>
            onChange({ category: (e.target.value || null) as InventoryView['category'] })
          }
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm text-slate-700">
        Stock
        <select
          className={`${selectClass} mt-1`}
          value={view.stock ?? ''}
          onChange={(e) => onChange({ stock: (e.target.value || null) as InventoryView['stock'] })}
        >
          <option value="">Any stock</option>
          {STOCK_CLASSES.map((s) => (
            <option key={s} value={s}>
              {STOCK_CLASS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm text-slate-700">
        Size
        <input
          value={size}
          maxLength={16}
          onChange={(e) => setSize(e.target.value)}
          placeholder="Any size"
          className="mt-1 w-24 rounded-lg border border-slate-300 px-3 py-1.5 text-sm outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200"
        />
      </label>
      <button
        type="submit"
        className="rounded-lg bg-slate-800 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-900"
      >
        Apply
      </button>
    </form>
  );
}

/**
 * The back office's inventory: every bicycle as a table row with its stock per size edited in
 * place, searched, filtered, sorted and paged through the address, so a link, a reload or the
 * way back from an edit shows the same rows.
 */
export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const view = viewFromParams(params);
  const [ledger, setLedger] = useState<RowState | null>(null);
  const result = useGetInventoryQuery(apiParamsOf(view));
  const { data, isLoading, isError, isFetching } = result;

  const update = (next: Partial<InventoryView>, { scrollTop = false } = {}) => {
    // Any change but paging starts again at page 1.
    const page = next.page ?? 1;
    setParams(paramsFromView({ ...view, ...next, page }));
    if (scrollTop) window.scrollTo({ top: 0 });
  };

  // The top-bar search of the dashboard filters this list too.
  const topBar = useOutletContext<DashboardOutletContext | undefined>()?.searchTerm ?? '';
  const lastTopBar = useRef(topBar);
  useEffect(() => {
    if (topBar === lastTopBar.current) return;
    lastTopBar.current = topBar;
    if (topBar)
      setParams(paramsFromView({ ...viewFromParams(params), searchTerm: topBar, page: 1 }), {
        replace: true,
      });
  }, [topBar, params, setParams]);

  // Back from an edit: where the owner was on the page, once the rows are there.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !data || !isInventoryReturn(location.state)) return;
    restored.current = true;
    window.scrollTo({ top: rememberedScroll() });
  }, [data, location.state]);

  const back = (): InventoryReturn => ({ inventory: { search: location.search } });

  return (
    <div>
      <PageHeading title="All Products" />
      <CatalogCsvPanel />
      <Filters
        // The address changed from elsewhere (back, the top-bar search): the boxes start again.
        key={`${view.searchTerm}\n${view.size}`}
        view={view}
        onChange={(next) => update(next)}
      />
      {isLoading ? (
        <Loading label="Loading bicycles" padding="py-16" />
      ) : isError || !data ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The bicycles could not be loaded. Please try again.
        </p>
      ) : data.data.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white py-10 text-center text-slate-600">
          No bicycles match these filters.
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {data.meta.total === 1 ? '1 bicycle' : `${String(data.meta.total)} bicycles`}
          </p>
          {/* Positioned, so the headers' screen-reader text scrolls with the table. */}
          <div className={`relative ${tableWrapClass}`}>
            <table className={tableClass} aria-busy={isFetching}>
              <caption className="sr-only">Inventory</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>
                    <span className="sr-only">Picture</span>
                  </th>
                  {SORTABLE.map((s) => (
                    <SortHeader
                      key={s.column}
                      view={view}
                      column={s.column}
                      label={s.label}
                      onSort={(column) => update({ sort: nextSort(view.sort, column) })}
                      {...(s.className ? { className: s.className } : {})}
                    />
                  ))}
                  <th scope="col" className={thClass}>
                    Stock per size
                  </th>
                  <SortHeader
                    view={view}
                    column="quantity"
                    label="Stock"
                    onSort={(column) => update({ sort: nextSort(view.sort, column) })}
                  />
                  <th scope="col" className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.data.map((item) => (
                  <InventoryRow key={item._id} item={item} back={back} onLedger={setLedger} />
                ))}
              </tbody>
            </table>
          </div>
          <ListPager
            meta={data.meta}
            onPageChange={(page) => update({ page }, { scrollTop: true })}
            label="Bicycle pages"
          />
        </>
      )}
      {ledger ? (
        <StockLedgerDialog product={ledger.product} onClose={() => setLedger(null)} />
      ) : null}
    </div>
  );
}
