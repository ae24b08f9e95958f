import { describe, expect, it } from 'vitest';
import { readOrdersView, withFilter, withoutFilters, withPage } from './order-filters.ts';

const SHOP = '0b6b0c4e-6a8f-4a3e-9a53-1d2f8f7f2c10';

describe('the Manage Orders address', () => {
  it('reads the search, page and every filter with the API names', () => {
    const view = readOrdersView(
      new URLSearchParams(
        `searchTerm=BC-100001&page=3&status=Ongoing&paymentStatus=Paid&method=collect&state=ReadyForCollection&locationId=${SHOP}`,
      ),
    );
    expect(view).toEqual({
      searchTerm: 'BC-100001',
      page: 3,
      filters: {
        status: 'Ongoing',
        paymentStatus: 'Paid',
        method: 'collect',
        state: 'ReadyForCollection',
        locationId: SHOP,
      },
    });
  });

  it('leaves out values the API would refuse', () => {
    const view = readOrdersView(
      new URLSearchParams('status=Lost&method=drone&locationId=nope&page=-2&state=shipped'),
    );
    expect(view).toEqual({ searchTerm: '', page: 1, filters: {} });
  });

  it('takes a filter back to page 1 and drops one that is cleared', () => {
    const start = new URLSearchParams('page=4&status=Pending&searchTerm=sam');
    expect(withFilter(start, 'method', 'delivery').toString()).toBe(
      'status=Pending&searchTerm=sam&method=delivery',
    );
    expect(withFilter(start, 'status', '').toString()).toBe('searchTerm=sam');
    expect(withPage(start, 2).get('page')).toBe('2');
    expect(withPage(start, 1).has('page')).toBe(false);
    expect(withoutFilters(start).toString()).toBe('');
  });
});
