/** Money is integer cents inside the store; dollars only at the API edge and on screen. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** True when a dollar amount has no more than two decimals (tolerant of binary float noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const scaled = value * 100;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const usd2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usd0 = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** Cart and order totals: dollars with 2 decimals, e.g. $1,234.50. */
export function formatPrice(dollars: number): string {
  return usd2.format(dollars);
}

/** Dashboard figures: US dollars with no decimals, e.g. $350,000. */
export function formatWholeDollars(dollars: number): string {
  return usd0.format(dollars);
}
