import { describe, expect, it } from 'vitest';
import { productGeometryInputSchema } from '#shared/contract/product-geometry.ts';
import { ELECTRIC, HYBRID, KIDS, MOUNTAIN, ROAD, type Chart } from './size-charts.ts';
import { demoGeometry } from './size-geometry.ts';
import type { Category } from '#shared/contract/product.ts';

const CHARTS: [Category, Chart][] = [
  ['Road Bicycle', ROAD],
  ['Mountain Bike', MOUNTAIN],
  ['Hybrid Bicycle', HYBRID],
  ['Electric Bikes', ELECTRIC],
  ['Kids Bicycles', KIDS],
];

describe('the demo geometry', () => {
  it.each(CHARTS)(
    'gives every %s size valid geometry whose frames grow with the size',
    (category, chart) => {
      const all = chart.map(([label]) => demoGeometry(category, label));
      for (const geometry of all) {
        expect(productGeometryInputSchema.safeParse(geometry).success).toBe(true);
        expect(Object.keys(geometry ?? {})).toHaveLength(9);
      }
      for (const field of ['stackMm', 'reachMm', 'wheelbaseMm'] as const) {
        const values = all.map((g) => g?.[field] ?? 0);
        expect(values).toEqual([...values].sort((a, b) => a - b));
        expect(new Set(values).size).toBe(values.length);
      }
    },
  );

  it('has none for a size or category without a chart', () => {
    expect(demoGeometry('BMX Bike', '20"')).toBeNull();
    expect(demoGeometry('Road Bicycle', 'XS')).toBeNull();
  });
});
