/** Shared look of the range slider and of its lightweight stand-in shown before it loads. */
export const rangeRootClass = 'relative flex h-6 w-full touch-none items-center select-none';
export const rangeTrackClass = 'relative h-1.5 grow overflow-hidden rounded-full bg-slate-200';
export const rangeFillClass = 'absolute h-full rounded-full bg-ink';
export const rangeThumbClass =
  'group block h-5 w-5 cursor-grab rounded-full border-2 border-ink bg-white shadow transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing';

function percent(value: number, min: number, max: number): number {
  return max > min ? ((value - min) / (max - min)) * 100 : 0;
}

/** Looks like the slider, does nothing; swapped for the real one as soon as the shopper reaches for it. */
export function RangeTrackPreview({
  value,
  min,
  max,
}: {
  value: [number, number];
  min: number;
  max: number;
}) {
  const [lo, hi] = [percent(value[0], min, max), percent(value[1], min, max)];
  return (
    <div className={rangeRootClass} aria-hidden="true">
      <div className={rangeTrackClass}>
        <div
          className={rangeFillClass}
          style={{ left: `${String(lo)}%`, right: `${String(100 - hi)}%` }}
        />
      </div>
      {[lo, hi].map((p, i) => (
        <span
          key={i}
          className="absolute h-5 w-5 rounded-full border-2 border-ink bg-white shadow"
          style={{ left: `calc(${String(p)}% - ${String((p / 100) * 20)}px)` }}
        />
      ))}
    </div>
  );
}
