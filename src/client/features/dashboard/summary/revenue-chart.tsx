import { formatWholeDollars } from '#shared/rules/money.ts';
import { compactDollars, longMonth, niceAxisMax, shortMonth } from '../format.ts';

export interface MonthRevenue {
  month: string;
  revenue: number;
}

const WIDTH = 720;
const HEIGHT = 300;
const PAD = { top: 16, right: 12, bottom: 48, left: 64 };
const TICKS = 4;

/** Revenue of the last 12 months as bars, with the figures also in a table for screen readers. */
export function RevenueChart({ months }: { months: MonthRevenue[] }) {
  const axisMax = niceAxisMax(Math.max(0, ...months.map((m) => m.revenue)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, months.length);
  const barWidth = Math.min(40, slot * 0.6);
  const y = (value: number) => PAD.top + plotHeight - (value / axisMax) * plotHeight;
  const first = months[0];
  const last = months[months.length - 1];
  const range = first && last ? `${longMonth(first.month)} to ${longMonth(last.month)}` : 'no months';
  const total = months.reduce((sum, m) => sum + m.revenue, 0);

  return (
    <figure>
      <svg
        role="img"
        aria-label={`Revenue by month, ${range}: ${formatWholeDollars(total)} in all`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
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
              <text x={PAD.left - 8} y={y(value)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[12px]">
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
              <text x={cx} y={PAD.top + plotHeight + 18} textAnchor="middle" className="fill-slate-600 text-[12px]">
                {shortMonth(m.month)}
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
      <table className="sr-only">
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
    </figure>
  );
}
