import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import { productChanges } from './product-changes.ts';

const loaded: Product = {
  _id: '1a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Marlin 7',
  brand: 'Trek',
  slug: 'trek-marlin-7',
  category: 'Mountain Bike',
  price: 899.99,
  quantity: 5,
  description: 'A trail hardtail.',
  imageUrl: null,
  thumbnailUrl: null,
  inStock: true,
  sizes: [
    { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170 },
    { label: 'M', quantity: 3, minHeightCm: 168, maxHeightCm: 182 },
  ],
  specs: { frameMaterial: 'Aluminium', weightKg: 13.2 },
  createdAt: '2024-01-05T12:00:00.000Z',
  updatedAt: '2024-01-05T12:00:00.000Z',
};

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
