import type { Product } from '#shared/contract/product.ts';
import { fitCandidates, formatFit, recommendFit } from '#shared/rules/fit.ts';
import { fitMessages } from '#shared/messages/fit.ts';
import { useRiderFit } from './use-rider-fit.ts';

export interface ProductFit {
  /** "Your size: M", "Between S and M", or why no size fits; null when nothing is known. */
  text: string | null;
  /** The sizes to mark in the size chips. */
  candidates: string[];
}

/**
 * How a bicycle fits the rider, by the shared fit rule (src/shared/rules/fit.ts) over the rider's
 * saved measurements; without them, the size the API recommended for the shop's "Fits me" query.
 * A one-size bicycle has nothing to say.
 */
export function useProductFit(
  product: Pick<Product, 'sizes' | 'category' | 'recommendedSize'>,
): ProductFit {
  const rider = useRiderFit();
  const sizes = product.sizes ?? [];
  if (sizes.length === 0) return { text: null, candidates: [] };
  if (rider) {
    const fit = recommendFit(sizes, {
      heightCm: rider.riderHeightCm,
      inseamCm: rider.inseamCm,
    });
    return { text: formatFit(fit, product.category), candidates: fitCandidates(fit) };
  }
  const label = product.recommendedSize;
  return label
    ? { text: fitMessages.yourSize(label), candidates: [label] }
    : { text: null, candidates: [] };
}
