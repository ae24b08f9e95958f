import { Icon } from '#client/components/ui/icon.tsx';
import searchIcon from 'lucide-react/icons/search';
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { ProductFacets } from '#shared/contract/product.ts';
import { CATEGORIES, STOCK_CLASSES } from '#shared/contract/catalog-values.ts';
import { LIST_FACETS } from '#shared/rules/filters.ts';
import { Button } from '#client/components/ui/button.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { useBrowserValue } from '#client/lib/use-browser-value.ts';
import { paths } from '#client/lib/paths.ts';
import { FACET_LEGENDS } from '../active-filters.ts';
import { STOCK_LABELS } from '../catalog.ts';
import {
  chooseCategory,
  chooseStock,
  setSearchTerm,
  toggleFacetValue,
  type FacetValue,
} from '../filters-slice.ts';
import type { ShopFiltersControl } from '../use-shop-filters.ts';
import { FacetGroup } from './facet-group.tsx';
import { FilterSection } from './filter-section.tsx';
import { FitFilterControl } from './fit-filter.tsx';
import { PriceFilter } from './price-filter.tsx';

const choice = (active: boolean) =>
  cx(
    'flex w-full cursor-pointer items-center justify-between rounded-lg px-3 py-2 text-left text-sm font-medium transition',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    active ? 'bg-ink text-white' : 'text-slate-700 hover:bg-slate-100',
  );

/** A count beside a choice; the choice's name stays the spec's word alone. */
function Count({ of }: { of: number | undefined }) {
  if (of === undefined) return null;
  return (
    <span aria-hidden="true" className="text-xs tabular-nums opacity-75">
      {of}
    </span>
  );
}

function countOf<T extends string>(
  list: readonly { value: T; count: number }[] | undefined,
  value: T,
): number | undefined {
  return list?.find((entry) => entry.value === value)?.count;
}

/**
 * A list of which one value (or none) is chosen, each with how many bicycles it gives. Without
 * the scripts each choice sends the form: its button names its value (the chosen one a blank,
 * which takes it away), ahead of the hidden field that keeps the current choice for any other
 * sending, and the address reads the first value named.
 */
function SingleChoice<T extends string>({
  legend,
  name,
  values,
  chosen,
  labelOf,
  countOf: count,
  onChoose,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  chosen: T | null;
  labelOf: (value: T) => string;
  countOf: (value: T) => number | undefined;
  onChoose: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <ul className="space-y-1">
        {values.map((value) => {
          const active = chosen === value;
          return (
            <li key={value}>
              <button
                type="submit"
                name={name}
                value={active ? '' : value}
                aria-pressed={active}
                className={choice(active)}
                onClick={(event) => {
                  event.preventDefault();
                  onChoose(value);
                }}
              >
                {labelOf(value)}
                <Count of={count(value)} />
              </button>
            </li>
          );
        })}
      </ul>
      {chosen ? <input type="hidden" name={name} value={chosen} /> : null}
    </fieldset>
  );
}

/** The form's send button, for a browser whose scripts have not run: with them, each change applies. */
function ApplyFilters({ children }: { children: ReactNode }) {
  const started = useBrowserValue(() => true, false);
  if (started) return null;
  return (
    <Button type="submit" className="w-full">
      {children}
    </Button>
  );
}

/**
 * Boxes ticked, prices or a term typed before the scripts ran apply once they run. Only a form the
 * server drew can hold them: one the browser draws (after a link) starts as the address says. A
 * part of its own, so that learning it runs in the browser re-renders nothing but itself.
 */
function EarlyChanges({
  form,
  take,
}: {
  form: RefObject<HTMLFormElement | null>;
  take: ShopFiltersControl['takeEarlyChanges'];
}) {
  const inBrowser = useBrowserValue(() => true, false);
  const drawnByServer = useRef(!inBrowser);
  const early = useEffectEvent(() => {
    if (form.current && drawnByServer.current) take(form.current);
  });
  useEffect(() => {
    early();
  }, []);
  return null;
}

/**
 * The shop's filters: a GET form to the shop, each control named as the address names it, so a
 * browser without the scripts sends the form and the server renders the filtered shop. With the
 * scripts, every change applies at once through `change` and the form is never sent.
 */
export function FilterPanel({
  filters,
  change,
  takeEarlyChanges,
  facets,
  formId,
}: Pick<ShopFiltersControl, 'filters' | 'change' | 'takeEarlyChanges'> & {
  /** How many bicycles each value would give; absent while loading. */
  facets?: ProductFacets | undefined;
  /** The form's id, for the controls outside it that it sends too (the order). */
  formId?: string;
}) {
  const searchId = useId();
  // The box shows what is typed, spaces included; the address carries the trimmed term. When
  // the address changes otherwise (Back, a chip, Clear all), the box follows it.
  const [text, setText] = useState(filters.searchTerm);
  const [shownTerm, setShownTerm] = useState(filters.searchTerm);
  if (shownTerm !== filters.searchTerm) {
    setShownTerm(filters.searchTerm);
    if (text.trim() !== filters.searchTerm) setText(filters.searchTerm);
  }
  const form = useRef<HTMLFormElement>(null);

  return (
    <form
      ref={form}
      id={formId}
      method="get"
      action={paths.shop}
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div>
        <label
          htmlFor={searchId}
          className="mb-2 block text-sm font-bold tracking-wide text-ink uppercase"
        >
          Search
        </label>
        <div className="relative">
          <Icon
            node={searchIcon}
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            name="searchTerm"
            value={text}
            maxLength={100}
            placeholder="Search by name"
            onChange={(e) => {
              setText(e.target.value);
              change(setSearchTerm(e.target.value), 'replace');
            }}
            className="h-11 w-full rounded-full border border-slate-300 bg-white pr-4 pl-9 text-sm text-ink placeholder:text-slate-500 focus:border-ink focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          />
        </div>
      </div>

      <FilterSection title="Category">
        <SingleChoice
          legend="Category"
          name="category"
          values={CATEGORIES}
          chosen={filters.selectedCategory}
          labelOf={(category) => category}
          countOf={(category) => countOf(facets?.category, category)}
          onChoose={(category) => change(chooseCategory(category))}
        />
      </FilterSection>

      <FilterSection title="Price">
        <PriceFilter filters={filters} change={change} />
      </FilterSection>

      <FilterSection title="Availability">
        <SingleChoice
          legend="Availability"
          name="stock"
          values={STOCK_CLASSES}
          chosen={filters.selectedStock}
          labelOf={(stock) => STOCK_LABELS[stock]}
          countOf={(stock) => countOf(facets?.stock, stock)}
          onChoose={(stock) => change(chooseStock(stock))}
        />
      </FilterSection>

      <FilterSection title="Fit">
        <FitFilterControl filters={filters} change={change} />
      </FilterSection>

      {facets
        ? LIST_FACETS.filter((facet) => facets[facet].length > 0).map((facet) => (
            <FilterSection key={facet} title={FACET_LEGENDS[facet]}>
              <FacetGroup<string>
                legend={FACET_LEGENDS[facet]}
                name={facet}
                values={facets[facet]}
                selected={filters.selected[facet]}
                onToggle={(value) => {
                  // The value comes from this facet's own list, so it has the facet's type.
                  change(toggleFacetValue({ facet, value } as FacetValue));
                }}
              />
            </FilterSection>
          ))
        : null}

      <ApplyFilters>Apply filters</ApplyFilters>
      {/* Last, so the form's other parts have started when it reads what was changed early. */}
      <EarlyChanges form={form} take={takeEarlyChanges} />
    </form>
  );
}
