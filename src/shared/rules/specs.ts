import type {
  BrakeType,
  FrameMaterial,
  ProductSpecs,
  SuspensionType,
  WheelSize,
} from '../contract/product-sizing.ts';

/**
 * Weight is kept in whole grams, so sums and comparisons are exact; the API and the screen show
 * kilograms with one decimal.
 */
export function weightKgToGrams(kg: number): number {
  return Math.round(kg * 1000);
}

export function weightGramsToKg(grams: number): number {
  return Math.round(grams / 100) / 10;
}

/** The spec filters of GET /products: each lists the values any of which matches. */
export interface SpecFilterQuery {
  wheelSize?: readonly WheelSize[] | undefined;
  frameMaterial?: readonly FrameMaterial[] | undefined;
  brakes?: readonly BrakeType[] | undefined;
  suspension?: readonly SuspensionType[] | undefined;
}

function anyOf<T>(wanted: readonly T[] | undefined, value: T | undefined): boolean {
  if (!wanted || wanted.length === 0) return true;
  return value !== undefined && wanted.includes(value);
}

/**
 * A product matches when, for every spec filter given, its spec is one of the values. A product
 * that does not state a spec matches no value of that filter: unknown is not "any".
 */
export function matchesSpecFilters(specs: ProductSpecs, query: SpecFilterQuery): boolean {
  return (
    anyOf(query.wheelSize, specs.wheelSize) &&
    anyOf(query.frameMaterial, specs.frameMaterial) &&
    anyOf(query.brakes, specs.brakes) &&
    anyOf(query.suspension, specs.suspension)
  );
}
