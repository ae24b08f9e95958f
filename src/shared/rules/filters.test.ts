import { describe, expect, it } from 'vitest';
import { productListQuerySchema } from '../contract/product.ts';
import {
  catalogCountBound,
  filtersToQuery,
  initialShopFilters,
  matchesFilters,
  matchesQuery,
  initialShopUrlFilters,
  priceSliderMax,
  resultsLabel,
  shopFiltersFromSearchParams,
  shopFiltersToSearchParams,
  shopUrlFiltersToQuery,
  stockClassOf,
  stockClassRange,
  toggleChoice,
  toggleValue,
  toQueryString,
  type ShopFilters,
  type ShopUrlFilters,
} from './filters.ts';

const bike = { name: 'Marlin 7 Gen 3', category: 'Mountain Bike', price: 899.99, quantity: 7 };

describe('stock classes', () => {
  it('are exclusive: 0 out of stock, 1 to 4 low stock, 5 or more in stock', () => {
    expect([0, 1, 4, 5, 60].map(stockClassOf)).toEqual([
      'outOfStock',
      'lowStock',
      'lowStock',
      'inStock',
      'inStock',
    ]);
  });

  it('have quantity ranges that agree with the classes', () => {
    for (let quantity = 0; quantity <= 20; quantity += 1) {
      const range = stockClassRange(stockClassOf(quantity));
      expect(quantity).toBeGreaterThanOrEqual(range.min);
      if (range.max !== undefined) expect(quantity).toBeLessThanOrEqual(range.max);
      for (const other of ['outOfStock', 'lowStock', 'inStock'] as const) {
        if (other === stockClassOf(quantity)) continue;
        const r = stockClassRange(other);
        expect(quantity >= r.min && (r.max === undefined || quantity <= r.max)).toBe(false);
      }
    }
  });
});

describe('matchesQuery', () => {
  it('matches the name as a case-insensitive substring, ignoring surrounding spaces', () => {
    expect(matchesQuery(bike, { searchTerm: 'marlin' })).toBe(true);
    expect(matchesQuery(bike, { searchTerm: 'GEN 3' })).toBe(true);
    expect(matchesQuery(bike, { searchTerm: '  7 g  ' })).toBe(true);
    expect(matchesQuery(bike, { searchTerm: 'marlin 8' })).toBe(false);
    expect(matchesQuery(bike, { searchTerm: '   ' })).toBe(true);
    // Wildcards mean nothing: "%" is just a character.
    expect(matchesQuery(bike, { searchTerm: 'mar%' })).toBe(false);
  });

  it('requires the exact category', () => {
    expect(matchesQuery(bike, { category: 'Mountain Bike' })).toBe(true);
    expect(matchesQuery(bike, { category: 'Road Bicycle' })).toBe(false);
  });

  it('applies price bounds inclusively, each on its own', () => {
    expect(matchesQuery(bike, { minPrice: 899.99 })).toBe(true);
    expect(matchesQuery(bike, { minPrice: 900 })).toBe(false);
    expect(matchesQuery(bike, { maxPrice: 899.99 })).toBe(true);
    expect(matchesQuery(bike, { maxPrice: 899.98 })).toBe(false);
    expect(matchesQuery(bike, { minPrice: 899.99, maxPrice: 899.99 })).toBe(true);
  });

  it('applies the stock class', () => {
    expect(matchesQuery(bike, { stock: 'inStock' })).toBe(true);
    expect(matchesQuery({ ...bike, quantity: 4 }, { stock: 'inStock' })).toBe(false);
    expect(matchesQuery({ ...bike, quantity: 4 }, { stock: 'lowStock' })).toBe(true);
    expect(matchesQuery({ ...bike, quantity: 0 }, { stock: 'outOfStock' })).toBe(true);
  });

  it('needs every filter to match', () => {
    expect(
      matchesQuery(bike, {
        searchTerm: 'marlin',
        category: 'Mountain Bike',
        minPrice: 800,
        stock: 'inStock',
      }),
    ).toBe(true);
    expect(
      matchesQuery(bike, {
        searchTerm: 'marlin',
        category: 'Mountain Bike',
        minPrice: 900,
        stock: 'inStock',
      }),
    ).toBe(false);
  });
});

describe('shop filters', () => {
  const state = (over: Partial<ShopFilters>): ShopFilters => ({ ...initialShopFilters, ...over });

  it('ignore the price range while the price filter is off', () => {
    const filters = state({ priceRange: [0, 10] });
    expect(filtersToQuery(filters)).toEqual({});
    expect(matchesFilters(bike, filters)).toBe(true);
    expect(matchesFilters(bike, state({ priceRange: [0, 10], isPriceFilter: true }))).toBe(false);
  });

  it('send only what is set, with the term trimmed', () => {
    expect(
      filtersToQuery(
        state({
          searchTerm: ' marlin ',
          selectedCategory: 'Mountain Bike',
          isPriceFilter: true,
          selectedStock: 'lowStock',
        }),
      ),
    ).toEqual({
      searchTerm: 'marlin',
      category: 'Mountain Bike',
      minPrice: 200,
      maxPrice: 300,
      stock: 'lowStock',
    });
  });

  it('toggle a choice off when chosen again', () => {
    expect(toggleChoice(null, 'inStock')).toBe('inStock');
    expect(toggleChoice('inStock', 'inStock')).toBeNull();
    expect(toggleChoice('inStock', 'lowStock')).toBe('lowStock');
  });

  it('size the price slider to 500 or the highest price rounded up to 100', () => {
    expect(priceSliderMax(120)).toBe(500);
    expect(priceSliderMax(4899)).toBe(4900);
    expect(priceSliderMax(5000)).toBe(5000);
  });
});

describe('shop filters in the address', () => {
  const read = (query: string) => shopFiltersFromSearchParams(new URLSearchParams(query));
  const url = (over: Partial<ShopUrlFilters>): ShopUrlFilters => ({
    ...initialShopUrlFilters,
    ...over,
  });

  it.each<[string, Partial<ShopUrlFilters>]>([
    ['', {}],
    ['searchTerm=marlin', { searchTerm: 'marlin', sort: 'relevance' }],
    ['searchTerm=marlin&sort=-createdAt', { searchTerm: 'marlin', sort: '-createdAt' }],
    ['maxPrice=1500', { isPriceFilter: true, priceRange: [0, 1500], openPriceEnd: 'min' }],
    ['minPrice=3000', { isPriceFilter: true, priceRange: [3000, 3000], openPriceEnd: 'max' }],
    ['minPrice=100', { isPriceFilter: true, priceRange: [100, 300], openPriceEnd: 'max' }],
    ['category=Road+Bicycle', { selectedCategory: 'Road Bicycle' }],
    ['minPrice=100&maxPrice=899.99', { isPriceFilter: true, priceRange: [100, 899.99] }],
    ['minPrice=0&maxPrice=0', { isPriceFilter: true, priceRange: [0, 0] }],
    ['stock=lowStock', { selectedStock: 'lowStock' }],
    ['sort=-price', { sort: '-price' }],
    ['page=3', { page: 3 }],
    [
      'searchTerm=trek&category=Mountain+Bike&minPrice=200&maxPrice=300&stock=inStock&sort=name&page=2',
      {
        searchTerm: 'trek',
        selectedCategory: 'Mountain Bike',
        isPriceFilter: true,
        priceRange: [200, 300],
        selectedStock: 'inStock',
        sort: 'name',
        page: 2,
      },
    ],
  ])('read %j and write it back unchanged', (query, expected) => {
    const filters = read(query);
    expect(filters).toEqual(url(expected));
    expect(shopFiltersToSearchParams(filters).toString()).toBe(query);
  });

  it.each<[string, string]>([
    ['category=Unicycle', ''],
    ['category=road+bicycle', ''],
    ['stock=some', ''],
    ['sort=price;drop', ''],
    ['page=0', ''],
    ['page=-2', ''],
    ['page=1.5', ''],
    ['page=1e3', ''],
    ['page=1000001', ''],
    ['page=1', ''],
    ['sort=-createdAt', ''],
    ['sort=relevance', ''],
    ['minPrice=x&maxPrice=100', ''],
    ['minPrice=300&maxPrice=200', ''],
    ['minPrice=0x10&maxPrice=200', ''],
    ['minPrice=1e2&maxPrice=200', ''],
    ['minPrice=-1&maxPrice=200', ''],
    ['minPrice=100&maxPrice=1000001', ''],
    ['minPrice=100&maxPrice=', 'minPrice=100'],
    ['minPrice=&maxPrice=200', 'maxPrice=200'],
    ['minPrice=+&maxPrice=', ''],
    ['searchTerm=++', ''],
    [`searchTerm=${'a'.repeat(101)}`, ''],
    ['searchTerm=+marlin+&category=BMX+Bike&page=x', 'searchTerm=marlin&category=BMX+Bike'],
    ['color=red&page=2', 'page=2'],
  ])('drop what GET /products would refuse or ignore: %j', (query, kept) => {
    expect(shopFiltersToSearchParams(read(query)).toString()).toBe(kept);
    // What is kept, GET /products accepts as it is.
    const sent = Object.fromEntries(shopFiltersToSearchParams(read(query)));
    expect(productListQuerySchema.safeParse(sent).success).toBe(true);
  });

  it("read a native form's query: blanks are defaults, the first category named wins", () => {
    const sent =
      'searchTerm=&category=Road+Bicycle&category=BMX+Bike&minPrice=&maxPrice=900&stock=&frameMaterial=Carbon&frameMaterial=Steel&sort=-createdAt';
    expect(shopFiltersToSearchParams(read(sent)).toString()).toBe(
      'category=Road+Bicycle&maxPrice=900&frameMaterial=Carbon&frameMaterial=Steel',
    );
  });

  it('keep a search term of exactly 100 characters', () => {
    expect(read(`searchTerm=${'a'.repeat(100)}`).searchTerm).toHaveLength(100);
  });

  it('write the price bounds only while the price filter is on', () => {
    expect(
      shopFiltersToSearchParams(url({ priceRange: [10, 20], isPriceFilter: false })).toString(),
    ).toBe('');
  });

  it('name the query GET /products receives', () => {
    expect(
      shopUrlFiltersToQuery(read('category=Road%20Bicycle&minPrice=1&maxPrice=2&page=2')),
    ).toEqual({ category: 'Road Bicycle', minPrice: 1, maxPrice: 2, sort: '-createdAt', page: 2 });
  });
});

describe('size, spec and fit filters in the address', () => {
  const read = (query: string) => shopFiltersFromSearchParams(new URLSearchParams(query));

  it('reads repeated values, drops invalid ones and repeats, and writes them back in order', () => {
    const filters = read(
      'size=M&size=L&size=M&wheelSize=29%22&wheelSize=33%22&frameMaterial=Carbon&brakes=Rim&suspension=Full&suspension=Soft',
    );
    expect(filters.selected).toEqual({
      size: ['M', 'L'],
      wheelSize: ['29"'],
      frameMaterial: ['Carbon'],
      brakes: ['Rim'],
      suspension: ['Full'],
    });
    expect(shopFiltersToSearchParams(filters).toString()).toBe(
      'size=M&size=L&wheelSize=29%22&frameMaterial=Carbon&brakes=Rim&suspension=Full',
    );
  });

  it('reads the fit filter: a height in bounds, an inseam only beside a height', () => {
    expect(read('riderHeightCm=175&inseamCm=81').fit).toEqual({ riderHeightCm: 175, inseamCm: 81 });
    expect(read('riderHeightCm=175&inseamCm=5').fit).toEqual({
      riderHeightCm: 175,
      inseamCm: null,
    });
    expect(read('inseamCm=81').fit).toBeNull();
    expect(read('riderHeightCm=17.5').fit).toBeNull();
    expect(read('riderHeightCm=400').fit).toBeNull();
    expect(shopFiltersToSearchParams(read('inseamCm=81&riderHeightCm=175')).toString()).toBe(
      'riderHeightCm=175&inseamCm=81',
    );
  });

  it('sends what the API accepts: every list and the fit pass the contract schema', () => {
    const filters = read('size=16%22&wheelSize=700c&brakes=Coaster&riderHeightCm=130&inseamCm=58');
    const query = shopUrlFiltersToQuery(filters);
    const parsed = productListQuerySchema.safeParse(
      Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]),
      ),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      size: ['16"'],
      wheelSize: ['700c'],
      brakes: ['Coaster'],
      riderHeightCm: 130,
      inseamCm: 58,
    });
  });

  it('writes lists as repeated query parameters', () => {
    expect(toQueryString({ size: ['S', 'M'], page: 2, searchTerm: '', category: undefined })).toBe(
      'size=S&size=M&page=2',
    );
    expect(toggleValue(['S'], 'M')).toEqual(['S', 'M']);
    expect(toggleValue(['S', 'M'], 'S')).toEqual(['M']);
  });
});

describe('bounded catalog counts', () => {
  it('counts at least 1,000 matches, and past the page asked for and the next one', () => {
    expect(catalogCountBound(1, 24)).toBe(1000);
    expect(catalogCountBound(41, 24)).toBe(1008);
    expect(catalogCountBound(99, 24)).toBe(2400);
  });

  it('says how many results the shop found, with a + past the bound', () => {
    expect(resultsLabel({ total: 0 })).toBe('0 results');
    expect(resultsLabel({ total: 1 })).toBe('1 result');
    expect(resultsLabel({ total: 999 })).toBe('999 results');
    expect(resultsLabel({ total: 1000, totalExact: false })).toBe('1,000+ results');
    expect(resultsLabel({ total: 12345, totalExact: false })).toBe('12,345+ results');
    expect(resultsLabel({ total: 2400, totalExact: true })).toBe('2,400 results');
  });
});
