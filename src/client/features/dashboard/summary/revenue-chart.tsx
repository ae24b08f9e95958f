import { useEffect, useRef, useState } from 'react';
import { formatWholeDollars } from '#shared/rules/money.ts';
import { compactDollars, longMonth, narrowMonth, niceAxisMax, shortMonth } from '../format.ts';

export interface MonthRevenue {
  month: string;
  revenue: number;
}

const HEIGHT = 280;
const PAD = { top: 16, right: 8, bottom: 48, left: 60 };
const TICKS = 4;
/** Below this width the month names shrink to one letter so that twelve fit. */
const NARROW = 480;

/** The element's width in CSS pixels, so the chart draws at real size and its text stays legible. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, []);
  return [ref, width] as const;
}

/** Revenue of the last 12 months as bars, with the figures also in a table for screen readers. */
export function RevenueChart({ months }: { months: MonthRevenue[] }) {
  const [frame, measured] = useWidth<HTMLDivElement>(640);
  const WIDTH = Math.max(280, measured);
  const monthLabel = WIDTH < NARROW ? narrowMonth : shortMonth;
  const axisMax = niceAxisMax(Math.max(0, ...months.map((m) => m.revenue)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, months.length);
  const barWidth = Math.min(40, slot * 0.6);
  const y = (value: number) => PAD.top + plotHeight - (value / axisMax) * plotHeight;
  const first = months[0];
  const last = months[months.length - 1];
  const range =
    first && last ? `${longMonth(first.month)} to ${longMonth(last.month)}` : 'no months';
  const total = months.reduce((sum, m) => sum + m.revenue, 0);

  return (
    <figure ref={frame}>
      <svg
        role="img"
        aria-label={`Revenue by month, ${range}: ${formatWholeDollars(total)} in all`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className="block h-auto max-w-full"
      >
        {Array.from({ length: TICKS + 1 }, (_, i) => {
          const value = (axisMax / TICKS) * i;
          return (
            <g key={value}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(value)}
                y2={y(value)}
                className={i === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
                strokeDasharray={i === 0 ? undefined : '4 4'}
              />
              <text
                x={PAD.left - 8}
                y={y(value)}
                dy="0.32em"
                textAnchor="end"
                className="fill-slate-500 text-[12px]"
              >
                {compactDollars(value)}
              </text>
            </g>
          );
        })}
        {months.map((m, i) => {
          const cx = PAD.left + slot * i + slot / 2;
          const top = y(m.revenue);
          return (
            <g key={m.month}>
              <rect
                x={cx - barWidth / 2}
                y={top}
                width={barWidth}
                height={Math.max(0, PAD.top + plotHeight - top)}
                rx={4}
                className={i === months.length - 1 ? 'fill-emerald-500' : 'fill-emerald-300'}
              >
                <title>{`${longMonth(m.month)}: ${formatWholeDollars(m.revenue)}`}</title>
              </rect>
              <text
                x={cx}
                y={PAD.top + plotHeight + 18}
                textAnchor="middle"
                className="fill-slate-600 text-[12px]"
              >
                {monthLabel(m.month)}
              </text>
            </g>
          );
        })}
        <text
          x={PAD.left + plotWidth / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
          className="fill-slate-500 text-[12px] font-medium"
        >
          Month
        </text>
        <text
          transform={`translate(14 ${PAD.top + plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          className="fill-slate-500 text-[12px] font-medium"
        >
          Revenue (USD)
        </text>
      </svg>
      {/* A table ignores the 1 px box of sr-only, so the wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>Revenue by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{longMonth(m.month)}</th>
                <td>{formatWholeDollars(m.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
