/** Money is integer cents inside the store; dollars only at the API edge and on screen. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

/** Float noise tolerance when scaling dollars to cents (0.1 + 0.2 and friends). */
const EPSILON = 1e-6;

/** The smallest whole-cent price that is >= a dollar bound, so "price >= min" holds in cents too. */
export function centsAtLeast(dollars: number): number {
  return Math.ceil(dollars * 100 - EPSILON);
}

/** The largest whole-cent price that is <= a dollar bound, so "price <= max" holds in cents too. */
export function centsAtMost(dollars: number): number {
  return Math.floor(dollars * 100 + EPSILON);
}

/** True when a dollar amount has no more than two decimals (tolerant of binary float noise). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const scaled = value * 100;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < EPSILON;
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
