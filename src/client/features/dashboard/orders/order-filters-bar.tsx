import { useSearchParams } from 'react-router';
import { FULFILMENT_STATES, ORDER_STATUSES, PAYMENT_STATUSES } from '#shared/contract/order.ts';
import { selectClass } from '../components/table.ts';
import { useGetLocationsQuery } from '../dashboard-api.ts';
import { METHOD_LABEL, STATE_LABEL } from './order-labels.ts';
import {
  hasFilters,
  withFilter,
  withoutFilters,
  type FilterKey,
  type OrdersView,
} from './order-filters.ts';

interface Choice {
  value: string;
  label: string;
}

const same = (values: readonly string[]): Choice[] => values.map((v) => ({ value: v, label: v }));

/**
 * The list's filters, each a select whose choice goes into the address (a new history entry, so
 * Back undoes it and the address can be shared).
 */
export function OrderFiltersBar({ view }: { view: OrdersView }) {
  const [params, setParams] = useSearchParams();
  const { data: shops = [] } = useGetLocationsQuery(undefined);

  const filters: { key: FilterKey; label: string; all: string; choices: Choice[] }[] = [
    { key: 'status', label: 'Status', all: 'Any status', choices: same(ORDER_STATUSES) },
    {
      key: 'paymentStatus',
      label: 'Payment',
      all: 'Any payment',
      choices: same(PAYMENT_STATUSES),
    },
    {
      key: 'method',
      label: 'Delivery or collection',
      all: 'Delivery and collection',
      choices: [
        { value: 'delivery', label: METHOD_LABEL.delivery },
        { value: 'collect', label: METHOD_LABEL.collect },
        { value: 'none', label: METHOD_LABEL.none },
      ],
    },
    {
      key: 'state',
      label: 'Fulfilment',
      all: 'Any fulfilment',
      choices: FULFILMENT_STATES.map((s) => ({ value: s, label: STATE_LABEL[s] })),
    },
    {
      key: 'locationId',
      label: 'Shop',
      all: 'Any shop',
      choices: shops.map((shop) => ({ value: shop._id, label: shop.name })),
    },
  ];

  return (
    <fieldset className="mb-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <legend className="sr-only">Filter orders</legend>
      <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        {filters.map(({ key, label, all, choices }) => (
          <label
            key={key}
            className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-600"
          >
            {label}
            <select
              value={view.filters[key] ?? ''}
              onChange={(e) => setParams(withFilter(params, key, e.target.value))}
              className={`${selectClass} w-full`}
            >
              <option value="">{all}</option>
              {choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <div className="flex items-end">
          <button
            type="button"
            disabled={!hasFilters(view)}
            onClick={() => setParams(withoutFilters(params))}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Clear filters
          </button>
        </div>
      </div>
    </fieldset>
  );
}
