import type { Category } from '../contract/product.ts';
import { fitMessages } from '../messages/fit.ts';
import { isSizeInStock, type SizeStock } from './sizes.ts';

/** The rider heights one size is made for, inclusive, in whole centimetres. */
export interface HeightRange {
  label: string;
  minHeightCm: number;
  maxHeightCm: number;
}

export interface Rider {
  heightCm: number;
  /** Inside leg, floor to crotch; decides between two sizes that both fit the height. */
  inseamCm?: number | null | undefined;
}

export type FitRecommendation =
  | { kind: 'one-size' }
  | { kind: 'size'; label: string }
  | { kind: 'between'; smaller: string; larger: string }
  | { kind: 'none'; reason: 'too-short' | 'too-tall' };

/**
 * Inseam as a share of height for an adult of average build (anthropometric surveys put it at
 * 0.44 to 0.47; bicycle size charts assume about this). Children's legs are a little shorter in
 * proportion, so for them the rule below leans to the smaller frame, the safe side for a child.
 */
export const INSEAM_TO_HEIGHT = 0.45;
/** The same share in percent: comparisons in whole numbers are exact here and in SQL alike. */
export const INSEAM_TO_HEIGHT_PERCENT = 45;

const center = (range: HeightRange) => (range.minHeightCm + range.maxHeightCm) / 2;

/**
 * Picks between two neighbouring sizes that both suit the rider's height. Size charts are drawn
 * for riders of average proportions; what a frame must actually fit is the leg (standover
 * clearance over the top tube, and a saddle height the seatpost can reach) more than the torso.
 * So the inseam is read as the height of an average rider with those legs (inseam / 0.45) and
 * compared with the boundary between the two sizes, halfway between their ranges' centres (for
 * the usual chart, where neighbours overlap by a few centimetres, the middle of the overlap):
 * legs shorter than the boundary's take the smaller frame, which keeps the standover clearance;
 * others take the larger one. Without an inseam the rider is told both sizes.
 */
function decide(smaller: HeightRange, larger: HeightRange, rider: Rider): FitRecommendation {
  const inseam = rider.inseamCm;
  if (inseam === null || inseam === undefined)
    return { kind: 'between', smaller: smaller.label, larger: larger.label };
  const boundaryCm = (center(smaller) + center(larger)) / 2;
  // inseam < boundary * 0.45, in exact arithmetic (the boundary is a multiple of 0.25).
  const shorterLegs = inseam * 100 < boundaryCm * INSEAM_TO_HEIGHT_PERCENT;
  return { kind: 'size', label: shorterLegs ? smaller.label : larger.label };
}

/** Smallest first: by the range's centre, then the order the product lists its sizes in. */
function smallestFirst(sizes: readonly HeightRange[]): HeightRange[] {
  return sizes
    .map((size, position) => ({ size, position }))
    .sort((a, b) => center(a.size) - center(b.size) || a.position - b.position)
    .map(({ size }) => size);
}

/**
 * The size of this product that fits a rider.
 * - No sizes: `one-size`.
 * - The height falls in exactly one range: that size.
 * - In two ranges (neighbours overlap): `between` them, or the one the inseam picks (`decide`).
 *   In three or more, the two whose centres are nearest the height are the candidates.
 * - Below every range `too-short`, above every range `too-tall`; in a gap between two ranges
 *   the rider is between those two sizes, as with an overlap.
 */
export function recommendFit(sizes: readonly HeightRange[], rider: Rider): FitRecommendation {
  if (sizes.length === 0) return { kind: 'one-size' };
  const height = rider.heightCm;
  const ordered = smallestFirst(sizes);
  const fitting = ordered.filter((s) => s.minHeightCm <= height && height <= s.maxHeightCm);
  const [only] = fitting;
  if (fitting.length === 1 && only) return { kind: 'size', label: only.label };
  if (fitting.length >= 2) {
    const nearest = [...fitting]
      .sort((a, b) => Math.abs(center(a) - height) - Math.abs(center(b) - height))
      .slice(0, 2);
    const [smaller, larger] = ordered.filter((s) => nearest.includes(s));
    if (smaller && larger) return decide(smaller, larger, rider);
  }
  // Outside every range, or in a gap between two: the size ending nearest below the height
  // and the one starting nearest above it.
  let below: HeightRange | undefined;
  let above: HeightRange | undefined;
  for (const size of sizes) {
    if (size.maxHeightCm < height && (!below || size.maxHeightCm > below.maxHeightCm)) below = size;
    if (size.minHeightCm > height && (!above || size.minHeightCm < above.minHeightCm)) above = size;
  }
  if (!below) return { kind: 'none', reason: 'too-short' };
  if (!above) return { kind: 'none', reason: 'too-tall' };
  return decide(below, above, rider);
}

/**
 * The one size to name for a rider (the API's `recommendedSize`, "Your size: M"), or null when
 * there is none to name: a one-size product, a rider between two sizes with no inseam given, or
 * a rider outside every range.
 */
export function recommendedSizeLabel(sizes: readonly HeightRange[], rider: Rider): string | null {
  const fit = recommendFit(sizes, rider);
  return fit.kind === 'size' ? fit.label : null;
}

/** The sizes a recommendation names: one, both sides of a `between`, or none. */
export function fitCandidates(fit: FitRecommendation): string[] {
  switch (fit.kind) {
    case 'size':
      return [fit.label];
    case 'between':
      return [fit.smaller, fit.larger];
    case 'one-size':
    case 'none':
      return [];
  }
}

/**
 * The shop's fit filter ("Fits me"): a size the rule names for the rider is in stock and made for
 * the rider's height. A rider in a gap of the chart is told the sizes on both sides, but neither
 * is made for that height, so the filter does not vouch for them. A one-size product names no
 * rider heights and is left out too. The SQL in products.filters.ts implements exactly this.
 */
export function fitsInStock(sizes: readonly (HeightRange & SizeStock)[], rider: Rider): boolean {
  return fitCandidates(recommendFit(sizes, rider)).some((label) => {
    const size = sizes.find((s) => s.label === label);
    return (
      size !== undefined &&
      isSizeInStock(sizes, label) &&
      size.minHeightCm <= rider.heightCm &&
      rider.heightCm <= size.maxHeightCm
    );
  });
}

const KIDS: Category = 'Kids Bicycles';

/** Where to send a rider this product does not fit: a rider too short for a grown-up's bicycle. */
export function fitAlternativeCategory(
  fit: FitRecommendation,
  category: Category,
): Category | null {
  return fit.kind === 'none' && fit.reason === 'too-short' && category !== KIDS ? KIDS : null;
}

/** The fit as the shop words it: "Your size: M", "Between S and M", "One size", or why not. */
export function formatFit(fit: FitRecommendation, category: Category): string {
  switch (fit.kind) {
    case 'size':
      return fitMessages.yourSize(fit.label);
    case 'between':
      return fitMessages.between(fit.smaller, fit.larger);
    case 'one-size':
      return fitMessages.oneSize;
    case 'none':
      if (fit.reason === 'too-tall') return fitMessages.tooTall;
      return fitAlternativeCategory(fit, category)
        ? fitMessages.tooShortForAdultBike
        : fitMessages.tooShort;
  }
}

export const CM_PER_INCH = 2.54;

/** A height given in feet and inches, in whole centimetres (5 ft 9 in is 175 cm). */
export function feetAndInchesToCm(feet: number, inches = 0): number {
  return Math.round((feet * 12 + inches) * CM_PER_INCH);
}

/** An inseam given in inches, in whole centimetres (32 in is 81 cm). */
export function inchesToCm(inches: number): number {
  return Math.round(inches * CM_PER_INCH);
}

/** Centimetres shown back in feet and whole inches (175 cm is 5 ft 9 in). */
export function cmToFeetAndInches(cm: number): { feet: number; inches: number } {
  const total = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(total / 12), inches: total % 12 };
}

export function cmToInches(cm: number): number {
  return Math.round(cm / CM_PER_INCH);
}
