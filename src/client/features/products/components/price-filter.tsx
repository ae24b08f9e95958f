import { lazy, Suspense, useState } from 'react';
import { PRICE_SLIDER_MIN, priceSliderMax } from '#shared/rules/filters.ts';
import { RangeTrackPreview } from '#client/components/ui/range-track.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { cx } from '#client/components/ui/class-names.ts';
import { setPriceFilter, setPriceRange } from '../filters-slice.ts';
import { useGetProductsQuery } from '../products-api.ts';
import type { ShopFiltersControl } from '../use-shop-filters.ts';

const loadSlider = () => import('#client/components/ui/range-slider.tsx');
const RangeSlider = lazy(async () => ({ default: (await loadSlider()).RangeSlider }));

const dollars = (value: number) => `$${String(value)}`;

/**
 * The price slider and its on/off switch. The slider's code loads when the shopper reaches for
 * this section, which keeps it out of the shop's first load.
 */
export function PriceFilter({ filters, change }: Pick<ShopFiltersControl, 'filters' | 'change'>) {
  const { priceRange, isPriceFilter } = filters;
  const { data: top } = useGetProductsQuery({ sort: '-price', limit: 1 });
  const max = priceSliderMax(top?.data[0]?.price ?? 0);
  const [wanted, setWanted] = useState(false);
  const want = () => {
    if (!wanted) {
      void loadSlider();
      setWanted(true);
    }
  };
  const preview = <RangeTrackPreview value={priceRange} min={PRICE_SLIDER_MIN} max={max} />;

  return (
    <fieldset className="space-y-4" onPointerEnter={want} onFocus={want} onTouchStart={want}>
      <legend className="mb-3 text-sm font-bold tracking-wide text-ink uppercase">Price</legend>
      <Switch
        label="Filter by price"
        checked={isPriceFilter}
        onCheckedChange={(on) => {
          want();
          change(setPriceFilter(on));
        }}
      />
      <div className={cx('px-2.5 pt-6 transition', !isPriceFilter && 'opacity-60')}>
        {wanted || isPriceFilter ? (
          <Suspense fallback={preview}>
            <RangeSlider
              min={PRICE_SLIDER_MIN}
              max={max}
              step={5}
              value={priceRange}
              thumbLabels={['Minimum price', 'Maximum price']}
              format={dollars}
              onValueChange={(range) => {
                change(setPriceRange(range), 'replace');
              }}
            />
          </Suspense>
        ) : (
          preview
        )}
      </div>
      <p className="flex justify-between text-sm text-slate-700" aria-live="polite">
        <span>
          <span className="sr-only">From </span>
          {dollars(priceRange[0])}
        </span>
        <span>
          <span className="sr-only">to </span>
          {dollars(priceRange[1])}
        </span>
      </p>
    </fieldset>
  );
}
