import { Icon } from '#client/components/ui/icon.tsx';
import xIcon from 'lucide-react/icons/x';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ShopUrlFilters } from '#shared/rules/filters.ts';
import { activeFilters } from '../active-filters.ts';
import { resetFilters, type FilterAction } from '../filters-slice.ts';
import { filtersAfter, shopHref, type ShopFiltersControl } from '../use-shop-filters.ts';

const chipClasses =
  'inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white py-1.5 pr-2.5 pl-3.5 text-sm font-medium text-ink transition hover:border-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * One chip per filter in force, above the results at every width, each taking its filter away,
 * and "Clear all" once there is any. Drawn from the address, so the server's page has them too.
 * Each is a link to the shop without that filter, so it works before and without the scripts;
 * once they run, the change goes through `change` like every other (the order follows the term).
 */
export function FilterChips({
  filters,
  change,
}: Pick<ShopFiltersControl, 'change'> & { filters: ShopUrlFilters }) {
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  const apply = (action: FilterAction) => (event: MouseEvent) => {
    event.preventDefault();
    change(action);
  };
  return (
    <ul aria-label="Active filters" className="mb-5 flex flex-wrap items-center gap-2">
      {active.map(({ key, label, remove }) => (
        <li key={key} className="max-w-full">
          <Link
            to={shopHref(filtersAfter(filters, remove))}
            aria-label={`Remove ${label}`}
            className={chipClasses}
            onClick={apply(remove)}
          >
            <span className="min-w-0 truncate">{label}</span>
            <Icon node={xIcon} className="h-4 w-4 shrink-0 text-slate-600" />
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={shopHref(filtersAfter(filters, resetFilters()))}
          onClick={apply(resetFilters())}
          className="inline-block cursor-pointer rounded px-1 py-1.5 text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Clear all
        </Link>
      </li>
    </ul>
  );
}
