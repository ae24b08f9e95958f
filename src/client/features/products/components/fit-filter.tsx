import { useState } from 'react';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import type { FitFilter } from '#shared/rules/filters.ts';
import { Switch } from '#client/components/ui/switch.tsx';
import { FindMySize } from '../fit/find-my-size.tsx';
import { useRiderFit } from '../fit/use-rider-fit.ts';
import { setFit } from '../filters-slice.ts';
import type { ShopFiltersControl } from '../use-shop-filters.ts';

const t = fitFinderMessages;

/**
 * "Fits me": keeps the bicycles with the rider's size in stock (the API's riderHeightCm and
 * inseamCm). Switched on without saved measurements, it opens the finder first.
 */
export function FitFilterControl({
  filters,
  change,
}: Pick<ShopFiltersControl, 'filters' | 'change'>) {
  const rider = useRiderFit();
  const [finderOpen, setFinderOpen] = useState(false);
  const [wantsFilter, setWantsFilter] = useState(false);
  const on = filters.fit !== null;

  const apply = (fit: FitFilter | null) => {
    change(setFit(fit));
  };

  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Fit</legend>
      <Switch
        label={t.fitsMe}
        checked={on}
        onCheckedChange={(next) => {
          if (!next) apply(null);
          else if (rider) apply(rider);
          else {
            setWantsFilter(true);
            setFinderOpen(true);
          }
        }}
      />
      <p className="text-xs text-slate-600">{t.fitsMeHint}</p>
      {/* The measurements are the browser's own, so only the scripts switch the filter on; the
          form keeps it while it is on. */}
      {filters.fit ? (
        <>
          <input type="hidden" name="riderHeightCm" value={filters.fit.riderHeightCm} />
          {filters.fit.inseamCm ? (
            <input type="hidden" name="inseamCm" value={filters.fit.inseamCm} />
          ) : null}
        </>
      ) : null}
      <FindMySize
        open={finderOpen}
        onOpenChange={(open) => {
          setFinderOpen(open);
          if (!open) setWantsFilter(false);
        }}
        onSaved={(saved) => {
          // New measurements move an active filter (or one asked for) along; forgetting them ends it.
          if (on || wantsFilter) apply(saved);
          setWantsFilter(false);
        }}
      />
    </fieldset>
  );
}
