import type { Location } from '#shared/contract/location.ts';
import { addressText } from './address-text.ts';
import { readyFrom } from './ready-date.ts';

const optionClass =
  'grid cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 text-sm break-words rounded-xl border border-slate-200 p-3 transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 focus-within:ring-2 focus-within:ring-brand-500/40';

/**
 * The shops to collect from, each with its address, opening hours and the day it has the bicycle
 * ready. Uncontrolled radios: a shop chosen before the scripts ran stays chosen.
 */
export function CollectShops({
  shops,
  now,
  error,
}: {
  shops: readonly Location[] | undefined;
  now: Date;
  error: string | undefined;
}) {
  if (!shops) return <p className="text-sm text-slate-600">Loading the shops…</p>;
  if (shops.length === 0)
    return <p className="text-sm text-slate-600">No shop takes collections at the moment.</p>;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'collect-shop-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Collect from</legend>
      {shops.map((shop) => (
        <label key={shop._id} className={optionClass}>
          <input
            type="radio"
            name="locationId"
            value={shop._id}
            className="row-start-1 mt-0.5 h-4 w-4 accent-brand-600"
          />
          <span className="col-start-2 row-start-1 font-semibold text-ink">{shop.name}</span>
          <span className="col-start-2 text-slate-600">{addressText(shop.address)}</span>
          <span className="col-start-2 text-slate-600">Opening hours: {shop.hours}</span>
          <span className="col-start-2 mt-1 font-semibold text-brand-800">
            {readyFrom(shop.leadDays, now)}
          </span>
        </label>
      ))}
      {error ? (
        <p id="collect-shop-error" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
