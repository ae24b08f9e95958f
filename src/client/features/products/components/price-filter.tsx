import { lazy, Suspense, useId, useState } from 'react';
import { PRICE_SLIDER_MIN, priceSliderMax } from '#shared/rules/filters.ts';
import { RangeTrackPreview } from '#client/components/ui/range-track.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { useBrowserValue } from '#client/lib/use-browser-value.ts';
import { setPriceBound, setPriceFilter, setPriceRange } from '../filters-slice.ts';
import { useGetProductsQuery } from '../products-api.ts';
import type { ShopFiltersControl } from '../use-shop-filters.ts';
import { fedByLoader } from '#client/lib/api.ts';

const loadSlider = () => import('#client/components/ui/range-slider.tsx');
const RangeSlider = lazy(async () => ({ default: (await loadSlider()).RangeSlider }));

const dollars = (value: number) => `$${String(value)}`;

/**
 * The price slider and its on/off switch. The slider's code loads when the shopper reaches for
 * this section, which keeps it out of the shop's first load.
 */
export function PriceFilter({ filters, change }: Pick<ShopFiltersControl, 'filters' | 'change'>) {
  const { priceRange, isPriceFilter, openPriceEnd } = filters;
  const { data: top } = useGetProductsQuery({ sort: '-price', limit: 1 }, fedByLoader);
  const max = priceSliderMax(top?.data[0]?.price ?? 0);
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (!wanted) {
      void loadSlider();
      setWanted(true);
    }
  };

  return (
    <fieldset className="space-y-4" onPointerEnter={want} onFocus={want} onTouchStart={want}>
      <legend className="sr-only">Price</legend>
      <Switch
        label="Filter by price"
        checked={isPriceFilter}
        onCheckedChange={(on) => {
          want();
          change(setPriceFilter(on));
        }}
      />
      <div className={cx('px-2.5 pt-6 transition', !isPriceFilter && 'opacity-60')}>
        <PriceSlider
          wanted={wanted || isPriceFilter}
          range={priceRange}
          max={max}
          onChange={(range) => {
            change(setPriceRange(range), 'replace');
          }}
        />
      </div>
      <p className="flex justify-between text-sm text-slate-700" aria-live="polite">
        <span>
          <span className="sr-only">From </span>
          {isPriceFilter && openPriceEnd === 'min' ? 'Any' : dollars(priceRange[0])}
        </span>
        <span>
          <span className="sr-only">to </span>
          {isPriceFilter && openPriceEnd === 'max' ? 'Any' : dollars(priceRange[1])}
        </span>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <PriceBox
          label="Min price"
          end="min"
          value={isPriceFilter && openPriceEnd !== 'min' ? priceRange[0] : null}
          change={change}
        />
        <PriceBox
          label="Max price"
          end="max"
          value={isPriceFilter && openPriceEnd !== 'max' ? priceRange[1] : null}
          change={change}
        />
      </div>
    </fieldset>
  );
}

/**
 * The two-handle slider once it is wanted (reached for, or a price filter on). Its code is not in
 * the server's render: there, and while the page hydrates, the track's drawing stands in for it (a
 * lazy part would leave the server's boundary unfinished). A part of its own, so that learning it
 * runs in the browser re-renders nothing but itself.
 */
function PriceSlider({
  wanted,
  range,
  max,
  onChange,
}: {
  wanted: boolean;
  range: [number, number];
  max: number;
  onChange: (range: [number, number]) => void;
}) {
  const inBrowser = useBrowserValue(() => true, false);
  const preview = <RangeTrackPreview value={range} min={PRICE_SLIDER_MIN} max={max} />;
  if (!wanted || !inBrowser) return preview;
  return (
    <Suspense fallback={preview}>
      <RangeSlider
        min={PRICE_SLIDER_MIN}
        max={max}
        step={5}
        value={range}
        thumbLabels={['Minimum price', 'Maximum price']}
        format={dollars}
        onValueChange={onChange}
      />
    </Suspense>
  );
}

/** Whole dollars or cents, as a rider types them; anything else is not a price yet. */
function typedPrice(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n <= MAX_TYPED_PRICE ? n : undefined;
}

const MAX_TYPED_PRICE = 1_000_000;

/**
 * A typed bound beside the slider. Each valid entry applies at once (blank leaves the end open);
 * while the box has focus it shows what is typed, so "12." is not rewritten under the cursor.
 */
function PriceBox({
  label,
  end,
  value,
  change,
}: {
  label: string;
  end: 'min' | 'max';
  value: number | null;
} & Pick<ShopFiltersControl, 'change'>) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const invalid = draft !== null && typedPrice(draft) === undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-700">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
        >
          $
        </span>
        <input
          id={id}
          name={end === 'min' ? 'minPrice' : 'maxPrice'}
          inputMode="decimal"
          autoComplete="off"
          placeholder="Any"
          aria-invalid={invalid || undefined}
          value={draft ?? (value === null ? '' : String(value))}
          onFocus={(event) => {
            setDraft(event.currentTarget.value);
          }}
          onBlur={() => {
            setDraft(null);
          }}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setDraft(text);
            const price = typedPrice(text);
            if (price !== undefined) change(setPriceBound({ end, value: price }), 'replace');
          }}
          className={cx(
            'h-10 w-full rounded-lg border bg-white pr-2 pl-6 text-sm text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            invalid ? 'border-red-600' : 'border-slate-300',
          )}
        />
      </div>
    </div>
  );
}
