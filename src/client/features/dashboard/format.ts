const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const hourMinute = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const monthNarrow = new Intl.DateTimeFormat('en-US', { month: 'narrow', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Dashboard dates read like 05 Jan 2024 (en-GB). */
export function formatDay(iso: string): string {
  return dayMonthYear.format(new Date(iso));
}

/** Order time: the clock time and the en-GB date, shown on two lines. */
export function formatOrderTime(iso: string): { time: string; date: string } {
  const at = new Date(iso);
  return { time: hourMinute.format(at), date: dayMonthYear.format(at) };
}

function monthStart(month: string): Date {
  const [year = '1970', mm = '01'] = month.split('-');
  return new Date(Date.UTC(Number(year), Number(mm) - 1, 1));
}

/** Axis label of a "YYYY-MM" month, e.g. Jan. */
export function shortMonth(month: string): string {
  return monthShort.format(monthStart(month));
}

/** One-letter month for narrow charts, e.g. J. */
export function narrowMonth(month: string): string {
  return monthNarrow.format(monthStart(month));
}

/** Full name of a "YYYY-MM" month for readers and tooltips, e.g. January 2024. */
export function longMonth(month: string): string {
  return monthLong.format(monthStart(month));
}

/**
 * The top of a chart axis: the smallest 1, 2, 2.5 or 5 times a power of ten that holds the
 * largest value, so that four gridlines fall on round figures.
 */
export function niceAxisMax(largest: number): number {
  if (!Number.isFinite(largest) || largest <= 0) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(largest));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= largest) return step * magnitude;
  }
  return 10 * magnitude;
}

/** Compact dollars for axis ticks: $0, $950, $2.5K, $1.2M. */
export function compactDollars(dollars: number): string {
  if (dollars >= 1_000_000) return `$${trim(dollars / 1_000_000)}M`;
  if (dollars >= 1_000) return `$${trim(dollars / 1_000)}K`;
  return `$${trim(dollars)}`;
}

function trim(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** A sized bicycle's stock at a glance, smallest first: "S 2 · M 0 · L 5"; "" for one size. */
export function sizeStockSummary(
  sizes: readonly { label: string; quantity: number }[] | undefined,
): string {
  return (sizes ?? []).map((size) => `${size.label} ${String(size.quantity)}`).join(' · ');
}
