import { Slider } from 'radix-ui';
import {
  rangeFillClass,
  rangeRootClass,
  rangeThumbClass,
  rangeTrackClass,
} from './range-track.tsx';

/** A two-handle slider; each handle shows its value in a tooltip while hovered, focused or dragged. */
export function RangeSlider({
  min,
  max,
  step = 1,
  value,
  onValueChange,
  thumbLabels,
  format,
  disabled = false,
}: {
  min: number;
  max: number;
  step?: number;
  value: [number, number];
  onValueChange: (value: [number, number]) => void;
  thumbLabels: [string, string];
  format: (value: number) => string;
  disabled?: boolean;
}) {
  return (
    <Slider.Root
      className={rangeRootClass}
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      minStepsBetweenThumbs={1}
      onValueChange={(next) => {
        const [lo = min, hi = max] = next;
        onValueChange([lo, hi]);
      }}
    >
      <Slider.Track className={rangeTrackClass}>
        <Slider.Range className={rangeFillClass} />
      </Slider.Track>
      {value.map((v, i) => (
        <Slider.Thumb
          key={i}
          aria-label={thumbLabels[i]}
          aria-valuetext={format(v)}
          className={rangeThumbClass}
        >
          <span
            aria-hidden="true"
            className="pointer-events-none absolute bottom-full left-1/2 mb-2 -translate-x-1/2 rounded-md bg-ink px-2 py-1 text-xs font-semibold whitespace-nowrap text-white opacity-0 shadow transition group-hover:opacity-100 group-focus-visible:opacity-100 group-active:opacity-100"
          >
            {format(v)}
          </span>
        </Slider.Thumb>
      ))}
    </Slider.Root>
  );
}
