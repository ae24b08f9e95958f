import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import { testProduct } from '#client/test/testing.tsx';
import { productChanges } from './product-changes.ts';

const loaded = testProduct({
  sizes: [
    { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170 },
    { label: 'M', quantity: 3, minHeightCm: 168, maxHeightCm: 182 },
  ],
  specs: { frameMaterial: 'Aluminium', weightKg: 13.2 },
});

describe('productChanges', () => {
  it('names nothing when nothing changed', () => {
    expect(productChanges(loaded, { ...loaded })).toEqual([]);
  });

  it('names the stock of each size that sold and the heights edited', () => {
    const after: Product = {
      ...loaded,
      quantity: 2,
      sizes: [
        { label: 'S', quantity: 2, minHeightCm: 150, maxHeightCm: 170 },
        { label: 'M', quantity: 0, minHeightCm: 168, maxHeightCm: 182 },
      ],
    };
    expect(productChanges(loaded, after)).toEqual([
      'stock 5 → 2',
      'S rider heights edited',
      'M stock 3 → 0',
    ]);
  });

  it('names both size lists when the chart itself changed', () => {
    const after: Product = {
      ...loaded,
      sizes: [
        ...(loaded.sizes ?? []),
        { label: 'L', quantity: 0, minHeightCm: 180, maxHeightCm: 195 },
      ],
    };
    expect(productChanges(loaded, after)).toEqual(['sizes S, M → S, M, L']);
    expect(productChanges(loaded, { ...loaded, sizes: [] })).toEqual(['sizes S, M → one size']);
  });

  it('names each spec that changed, with its unit, and one no longer stated', () => {
    const after: Product = { ...loaded, specs: { frameMaterial: 'Carbon', brakes: 'Rim' } };
    expect(productChanges(loaded, after)).toEqual([
      'frame material Aluminium → Carbon',
      'brakes not stated → Rim',
      'weight 13.2 kg → not stated',
    ]);
  });
});
