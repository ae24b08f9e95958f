import { describe, expect, it } from 'vitest';
import { initialShopFilters, shopFiltersFromSearchParams } from '#shared/rules/filters.ts';
import { activeFilters } from './active-filters.ts';
import { applyFilterAction } from './filters-slice.ts';

const from = (query: string) => shopFiltersFromSearchParams(new URLSearchParams(query));

describe('the filters in force', () => {
  it('are none for the plain shop', () => {
    expect(activeFilters(initialShopFilters)).toEqual([]);
  });

  it('name each filter the address holds, in the panel order', () => {
    const filters = from(
      'frameMaterial=Carbon&wheelSize=29%22&stock=inStock&category=Road+Bicycle&searchTerm=trek&minPrice=200&maxPrice=1500.5&riderHeightCm=175',
    );
    expect(activeFilters(filters).map((f) => f.label)).toEqual([
      'Search: trek',
      'Road Bicycle',
      '$200 to $1,500.50',
      'In Stock',
      'Fits me',
      'Wheel size: 29"',
      'Frame material: Carbon',
    ]);
  });

  it('say an open end of the price as the rider meant it', () => {
    expect(activeFilters(from('maxPrice=800'))[0]?.label).toBe('Up to $800');
    expect(activeFilters(from('minPrice=1000'))[0]?.label).toBe('From $1,000');
  });

  it('each take away their own filter and leave the others', () => {
    const filters = from('category=BMX+Bike&frameMaterial=Steel&frameMaterial=Carbon&maxPrice=800');
    for (const filter of activeFilters(filters)) {
      const after = activeFilters(applyFilterAction(filters, filter.remove)).map((f) => f.key);
      expect(after).not.toContain(filter.key);
      expect(after).toHaveLength(3);
    }
  });
});
