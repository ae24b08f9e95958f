import type { FitCounts, ReviewFit, ReviewSizeSummary, ReviewSummary } from '../contract/review.ts';

/** The average of `count` ratings adding up to `sum`, to one decimal; null for none. */
export function ratingAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** Product `rating` from its kept aggregate. */
export function productRating(
  sum: number,
  count: number,
): { average: number; count: number } | null {
  const average = ratingAverage(sum, count);
  return average === null ? null : { average, count };
}

/** Reviews counted by size, rating and fit, as the database groups them. */
export interface ReviewGroup {
  size: string | null;
  rating: number;
  fit: ReviewFit;
  n: number;
  minHeightCm: number | null;
  maxHeightCm: number | null;
}

const noFits = (): FitCounts => ({ small: 0, true: 0, large: 0 });

function lower(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.min(a, b);
}

function higher(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.max(a, b);
}

/**
 * The summary of a product's visible reviews: every figure is a sum of the groups, so the
 * average, distribution, fit and per-size counts always agree. Sizes come in the product's
 * order (`sizeOrder`), any no longer sold after them, one-size reviews (null) last.
 */
export function summarizeReviews(groups: ReviewGroup[], sizeOrder: string[]): ReviewSummary {
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  const fit = noFits();
  const bySize = new Map<string | null, ReviewSizeSummary>();
  let sum = 0;
  let count = 0;
  for (const g of groups) {
    const key = String(g.rating) as keyof typeof distribution;
    distribution[key] += g.n;
    fit[g.fit] += g.n;
    sum += g.rating * g.n;
    count += g.n;
    const size = bySize.get(g.size) ?? {
      size: g.size,
      count: 0,
      fit: noFits(),
      riderHeightCm: { min: null, max: null },
    };
    size.count += g.n;
    size.fit[g.fit] += g.n;
    size.riderHeightCm = {
      min: lower(size.riderHeightCm.min, g.minHeightCm),
      max: higher(size.riderHeightCm.max, g.maxHeightCm),
    };
    bySize.set(g.size, size);
  }
  const rank = (size: string | null) => {
    if (size === null) return Number.MAX_SAFE_INTEGER;
    const at = sizeOrder.indexOf(size);
    return at === -1 ? sizeOrder.length : at;
  };
  return {
    average: ratingAverage(sum, count),
    count,
    distribution,
    fit,
    bySize: [...bySize.values()].sort(
      (a, b) => rank(a.size) - rank(b.size) || (a.size ?? '').localeCompare(b.size ?? ''),
    ),
  };
}

/** Reviews needed before the size picker repeats what riders said. */
export const SIZE_ADVICE_MIN_REVIEWS = 3;

/** How near a reviewed size's riders must be to the shopper's height to count as "like them". */
const HEIGHT_MARGIN_CM = 5;

export interface SizeAdvice {
  /** The heights of the riders counted, "175-180 cm". */
  heightRange: { min: number; max: number };
  chose: { size: string; count: number }[];
  trueToSize: number;
  total: number;
}

/**
 * What riders about the shopper's height chose and how it fitted: the sizes whose reviewers'
 * heights come within a few centimetres of it. Null below SIZE_ADVICE_MIN_REVIEWS reviews, for a
 * one-size bicycle, or when no reviewer was near that height.
 */
export function sizeAdvice(summary: ReviewSummary, heightCm: number): SizeAdvice | null {
  if (summary.count < SIZE_ADVICE_MIN_REVIEWS) return null;
  const near = summary.bySize.filter(
    (s): s is ReviewSizeSummary & { size: string; riderHeightCm: { min: number; max: number } } =>
      s.size !== null &&
      s.riderHeightCm.min !== null &&
      s.riderHeightCm.max !== null &&
      s.riderHeightCm.min - HEIGHT_MARGIN_CM <= heightCm &&
      heightCm <= s.riderHeightCm.max + HEIGHT_MARGIN_CM,
  );
  if (near.length === 0) return null;
  const total = near.reduce((n, s) => n + s.count, 0);
  return {
    heightRange: {
      min: Math.min(...near.map((s) => s.riderHeightCm.min)),
      max: Math.max(...near.map((s) => s.riderHeightCm.max)),
    },
    chose: near.map((s) => ({ size: s.size, count: s.count })).sort((a, b) => b.count - a.count),
    trueToSize: near.reduce((n, s) => n + s.fit.true, 0),
    total,
  };
}

/** "Riders 175-180 cm: 7 chose M, 1 chose L; 8 of 8 say true to size". */
export function sizeAdviceText(advice: SizeAdvice): string {
  const { min, max } = advice.heightRange;
  const heights = min === max ? `${String(min)} cm` : `${String(min)}-${String(max)} cm`;
  const chose = advice.chose.map((c) => `${String(c.count)} chose ${c.size}`).join(', ');
  return `Riders ${heights}: ${chose}; ${String(advice.trueToSize)} of ${String(advice.total)} say true to size`;
}
