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

/** Digits grouped by thousands: "1234567" to "1,234,567". */
function groupThousands(digits: string): string {
  let out = '';
  for (let i = digits.length; i > 0; i -= 3) {
    out = digits.slice(Math.max(0, i - 3), i) + (out ? `,${out}` : '');
  }
  return out;
}

/** Past this `Intl` does the work (no price comes near it). */
const PLAIN_LIMIT = 1e15;
let intlFallback: Map<number, Intl.NumberFormat> | undefined;

/**
 * US dollars as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes them,
 * without it: the first `Intl` format of a page loads locale data in one long task on a slow phone.
 */
function usd(dollars: number, decimals: 0 | 2): string {
  if (!Number.isFinite(dollars) || Math.abs(dollars) >= PLAIN_LIMIT) {
    intlFallback ??= new Map();
    let format = intlFallback.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      intlFallback.set(decimals, format);
    }
    return format.format(dollars);
  }
  const negative = dollars < 0 || Object.is(dollars, -0);
  // Intl rounds the shortest decimal that reads back as the number (1.005 is "1.005", not
  // 1.00499999...), half away from zero: so does this, on the digits of that decimal.
  const shortest = Math.abs(dollars).toString();
  const [intPart = '0', fracPart = ''] = shortest.includes('e')
    ? ['0', ''] // below 1e-6: rounds to zero
    : shortest.split('.');
  const kept = BigInt(intPart + fracPart.padEnd(decimals, '0').slice(0, decimals));
  const roundsUp = (fracPart[decimals] ?? '0') >= '5';
  const digits = (kept + (roundsUp ? 1n : 0n)).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}$${groupThousands(whole)}${fraction}`;
}

/** Cart and order totals: dollars with 2 decimals, e.g. $1,234.50. */
export function formatPrice(dollars: number): string {
  return usd(dollars, 2);
}

/** Dashboard figures: US dollars with no decimals, e.g. $350,000. */
export function formatWholeDollars(dollars: number): string {
  return usd(dollars, 0);
}
