import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createOrderBodySchema, orderSchema } from './order.ts';
import {
  productFacetsQuerySchema,
  productFacetsSchema,
  productFieldsSchema,
  productFormFieldsSchema,
  productListQuerySchema,
  productSchema,
} from './product.ts';
import { productSizesFieldSchema, productSpecsFieldSchema } from './product-sizing.ts';

/** Each issue as `path: message`, the way the API's details show them. */
function issues(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success
    ? []
    : result.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

const form = {
  name: 'Marlin 7',
  brand: 'Trek',
  category: 'Mountain Bike',
  price: '899.99',
  quantity: '7',
  description: 'A trail hardtail.',
};

const sizesText = JSON.stringify([
  { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170 },
  { label: 'M', quantity: 0, minHeightCm: 168, maxHeightCm: 182 },
  { label: 'L', quantity: 5, minHeightCm: 180, maxHeightCm: 195 },
]);

describe('the product list query', () => {
  it('reads one value of a repeatable filter as a list of one, and several as a list', () => {
    const one = productListQuerySchema.parse({ size: 'M', wheelSize: '29"' });
    expect(one.size).toEqual(['M']);
    expect(one.wheelSize).toEqual(['29"']);
    const several = productListQuerySchema.parse({
      size: ['S', 'M', 'S'],
      frameMaterial: ['Carbon', 'Aluminium'],
      brakes: 'Hydraulic disc',
      suspension: ['Hardtail', 'Full'],
    });
    expect(several).toMatchObject({
      size: ['S', 'M'],
      frameMaterial: ['Carbon', 'Aluminium'],
      brakes: ['Hydraulic disc'],
      suspension: ['Hardtail', 'Full'],
    });
  });

  it('leaves absent filters out, so a query without them is read exactly as before', () => {
    expect(productListQuerySchema.parse({})).toEqual({ sort: '-createdAt', page: 1, limit: 24 });
  });

  it('refuses values outside the lists, with a message naming the parameter', () => {
    expect(issues(productListQuerySchema.safeParse({ wheelSize: '30"' }))).toEqual([
      'wheelSize: wheelSize must be one of 12", 14", 16", 20", 24", 26", 27.5", 28", 29", 700c',
    ]);
    expect(issues(productListQuerySchema.safeParse({ brakes: ['Rim', 'Drum'] }))).toEqual([
      'brakes: brakes must be one of Rim, Mechanical disc, Hydraulic disc, Coaster',
    ]);
    expect(issues(productListQuerySchema.safeParse({ size: 'x'.repeat(17) }))).toEqual([
      'size: size must be a size label of 1 to 16 characters',
    ]);
    expect(productListQuerySchema.safeParse({ size: Array(21).fill('M') }).success).toBe(false);
  });

  it('takes the rider measurements as whole centimetres in range', () => {
    expect(productListQuerySchema.parse({ riderHeightCm: '172', inseamCm: '80' })).toMatchObject({
      riderHeightCm: 172,
      inseamCm: 80,
    });
    for (const riderHeightCm of ['79', '231', '172.5', 'tall'])
      expect(productListQuerySchema.safeParse({ riderHeightCm }).success).toBe(false);
    for (const inseamCm of ['29', '121', '80.5'])
      expect(productListQuerySchema.safeParse({ riderHeightCm: '170', inseamCm }).success).toBe(
        false,
      );
  });

  it('needs the height with an inseam', () => {
    expect(issues(productListQuerySchema.safeParse({ inseamCm: '80' }))).toEqual([
      'inseamCm: inseamCm needs riderHeightCm',
    ]);
  });

  it('keeps the price bounds check', () => {
    expect(issues(productListQuerySchema.safeParse({ minPrice: '500', maxPrice: '100' }))).toEqual([
      'minPrice: minPrice must not be greater than maxPrice',
    ]);
  });

  it('gives the facets the same filters, without order and paging', () => {
    const query = productFacetsQuerySchema.parse({
      category: 'Road Bicycle',
      size: '54 cm',
      riderHeightCm: '175',
      sort: 'price',
      page: '3',
    });
    expect(query).toEqual({ category: 'Road Bicycle', size: ['54 cm'], riderHeightCm: 175 });
    expect(productFacetsQuerySchema.safeParse({ inseamCm: '80' }).success).toBe(false);
  });
});

describe('the sizes form field', () => {
  it('parses JSON text into the sizes list, labels trimmed', () => {
    const text = JSON.stringify([
      { label: ' M ', quantity: 3, minHeightCm: 165, maxHeightCm: 180 },
    ]);
    expect(productSizesFieldSchema.parse(text)).toEqual([
      { label: 'M', quantity: 3, minHeightCm: 165, maxHeightCm: 180 },
    ]);
  });

  it('reads blank text and an empty list as no sizes', () => {
    expect(productSizesFieldSchema.parse('')).toEqual([]);
    expect(productSizesFieldSchema.parse('  ')).toEqual([]);
    expect(productSizesFieldSchema.parse('[]')).toEqual([]);
  });

  it.each<[string, unknown, string[]]>([
    ['text that is not JSON', '[{label: M}]', [': Sizes must be a list written as JSON']],
    ['JSON that is not a list', '{"label":"M"}', [': Sizes must be a list']],
    [
      'a size without a label',
      [{ label: ' ', quantity: 1, minHeightCm: 150, maxHeightCm: 160 }],
      ['0.label: Size label is required'],
    ],
    [
      'a label too long',
      [{ label: 'Extra extra large', quantity: 1, minHeightCm: 150, maxHeightCm: 160 }],
      ['0.label: Size label must be at most 16 characters'],
    ],
    [
      'two labels that differ only in case',
      [
        { label: 'M', quantity: 1, minHeightCm: 150, maxHeightCm: 160 },
        { label: 'm', quantity: 1, minHeightCm: 160, maxHeightCm: 170 },
      ],
      ['1.label: Each size needs a label of its own'],
    ],
    [
      'a negative or fractional quantity',
      [
        { label: 'S', quantity: -1, minHeightCm: 150, maxHeightCm: 160 },
        { label: 'M', quantity: 1.5, minHeightCm: 160, maxHeightCm: 170 },
      ],
      ['0.quantity: Quantity must be at least 0', '1.quantity: Quantity must be a whole number'],
    ],
    [
      'a quantity given as text',
      [{ label: 'S', quantity: '3', minHeightCm: 150, maxHeightCm: 160 }],
      ['0.quantity: Quantity must be a number'],
    ],
    [
      'heights out of range',
      [{ label: 'S', quantity: 1, minHeightCm: 40, maxHeightCm: 260 }],
      [
        '0.minHeightCm: Smallest rider height must be at least 50',
        '0.maxHeightCm: Tallest rider height must be at most 250',
      ],
    ],
    [
      'heights in the wrong order',
      [{ label: 'S', quantity: 1, minHeightCm: 170, maxHeightCm: 160 }],
      ['0.maxHeightCm: Tallest rider height must not be below the smallest'],
    ],
    [
      'a missing height',
      [{ label: 'S', quantity: 1, minHeightCm: 150 }],
      ['0.maxHeightCm: Tallest rider height must be a number'],
    ],
  ])('refuses %s', (_name, value, expected) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    expect(issues(productSizesFieldSchema.safeParse(text))).toEqual(expected);
  });

  it('refuses more than 20 sizes and a total above the stock limit', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({
      label: `S${String(i)}`,
      quantity: 1,
      minHeightCm: 150,
      maxHeightCm: 160,
    }));
    expect(issues(productSizesFieldSchema.safeParse(JSON.stringify(many)))).toEqual([
      ': A bicycle can have at most 20 sizes',
    ]);
    const big = [
      { label: 'S', quantity: 60_000, minHeightCm: 150, maxHeightCm: 160 },
      { label: 'M', quantity: 60_000, minHeightCm: 160, maxHeightCm: 170 },
    ];
    expect(issues(productSizesFieldSchema.safeParse(JSON.stringify(big)))).toEqual([
      ": The sizes' stock must add up to at most 100000",
    ]);
  });
});

describe('the specs form field', () => {
  it('parses JSON text, drops nulls and unknown keys', () => {
    const kept = {
      frameMaterial: 'Carbon',
      wheelSize: '700c',
      gears: 22,
      weightKg: 8.4,
      brakes: 'Hydraulic disc',
      suspension: 'Rigid',
    };
    const text = JSON.stringify({ ...kept, travelMm: null, colour: 'red' });
    expect(productSpecsFieldSchema.parse(text)).toEqual(kept);
    expect(productSpecsFieldSchema.parse('')).toEqual({});
    expect(productSpecsFieldSchema.parse('{}')).toEqual({});
  });

  it.each<[string, string, string[]]>([
    ['text that is not JSON', 'carbon', [': Specs must be an object written as JSON']],
    ['a list', '[]', [': Specs must be an object']],
    [
      'a material not in the list',
      '{"frameMaterial":"Bamboo"}',
      ['frameMaterial: Choose a frame material from the list'],
    ],
    [
      'a wheel size not in the list',
      '{"wheelSize":"30\\""}',
      ['wheelSize: Choose a wheel size from the list'],
    ],
    ['zero gears', '{"gears":0}', ['gears: Gears must be more than 0']],
    ['fractional gears', '{"gears":2.5}', ['gears: Gears must be a whole number']],
    [
      'a weight with two decimals',
      '{"weightKg":8.45}',
      ['weightKg: Weight can have at most 1 decimal'],
    ],
    ['a weight of 0', '{"weightKg":0}', ['weightKg: Weight must be more than 0']],
    [
      'an absurd battery',
      '{"batteryWh":5000}',
      ['batteryWh: Battery capacity must be at most 3000'],
    ],
    ['a range given as text', '{"rangeKm":"80"}', ['rangeKm: Range must be a number']],
  ])('refuses %s', (_name, text, expected) => {
    expect(issues(productSpecsFieldSchema.safeParse(text))).toEqual(expected);
  });
});

describe('the product form', () => {
  it('reads the existing fields exactly as before', () => {
    expect(productFormFieldsSchema.parse(form)).toEqual(productFieldsSchema.parse(form));
  });

  it('takes the quantity of a sized product from its sizes, ignoring the one sent', () => {
    const parsed = productFormFieldsSchema.parse({ ...form, quantity: '99', sizes: sizesText });
    expect(parsed.quantity).toBe(7);
    expect(parsed.sizes?.map((s) => s.label)).toEqual(['S', 'M', 'L']);
    const { quantity: _omitted, ...withoutQuantity } = form;
    expect(productFormFieldsSchema.parse({ ...withoutQuantity, sizes: sizesText }).quantity).toBe(
      7,
    );
    expect(
      productFormFieldsSchema.parse({ ...form, quantity: '', sizes: sizesText }).quantity,
    ).toBe(7);
  });

  it('asks for a quantity when the product has no sizes', () => {
    const { quantity: _omitted, ...withoutQuantity } = form;
    expect(issues(productFormFieldsSchema.safeParse(withoutQuantity))).toEqual([
      'quantity: Quantity is required',
    ]);
    expect(issues(productFormFieldsSchema.safeParse({ ...withoutQuantity, sizes: '[]' }))).toEqual([
      'quantity: Quantity is required',
    ]);
  });

  it('reports every field at once, sizes under their own paths', () => {
    const result = productFormFieldsSchema.safeParse({
      ...form,
      name: '',
      quantity: '',
      sizes: JSON.stringify([{ label: '', quantity: 1, minHeightCm: 150, maxHeightCm: 160 }]),
      specs: '{"gears":0}',
    });
    expect(issues(result)).toEqual([
      'name: Name is required',
      'sizes.0.label: Size label is required',
      'specs.gears: Gears must be more than 0',
    ]);
  });

  it('keeps sizes and specs absent when the form leaves them out', () => {
    const parsed = productFormFieldsSchema.parse(form);
    expect(parsed.sizes).toBeUndefined();
    expect(parsed.specs).toBeUndefined();
  });
});

describe('answers', () => {
  // The product the form above creates, as the API answers it.
  const product = {
    ...form,
    _id: '5f0c7b7e-8a3a-4f5e-9d55-0f3c2b6a1a11',
    slug: 'trek-marlin-7',
    price: 899.99,
    quantity: 7,
    imageUrl: null,
    thumbnailUrl: null,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('describe a product with sizes, specs and a recommended size, and one without', () => {
    expect(productSchema.safeParse(product).success).toBe(true);
    const sized = {
      ...product,
      sizes: [{ label: 'M', quantity: 7, minHeightCm: 165, maxHeightCm: 180 }],
      specs: { wheelSize: '29"', weightKg: 13.2, suspension: 'Hardtail' },
      recommendedSize: 'M',
    };
    expect(productSchema.parse(sized)).toEqual(sized);
    expect(productSchema.safeParse({ ...sized, recommendedSize: null }).success).toBe(true);
  });

  it('describe facet counts per filter', () => {
    const facets = {
      category: [{ value: 'Road Bicycle', count: 6 }],
      stock: [{ value: 'inStock', count: 20 }],
      size: [{ value: '54 cm', count: 4 }],
      wheelSize: [{ value: '700c', count: 6 }],
      frameMaterial: [{ value: 'Carbon', count: 2 }],
      brakes: [{ value: 'Rim', count: 1 }],
      suspension: [{ value: 'Rigid', count: 6 }],
    };
    expect(productFacetsSchema.parse(facets)).toEqual(facets);
    expect(
      productFacetsSchema.safeParse({ ...facets, wheelSize: [{ value: '30"', count: 1 }] }).success,
    ).toBe(false);
  });

  it('take an order size and answer it', () => {
    const body = { product: product._id, quantity: 1 };
    expect(createOrderBodySchema.parse(body)).toEqual(body);
    expect(createOrderBodySchema.parse({ ...body, size: ' M ' }).size).toBe('M');
    expect(issues(createOrderBodySchema.safeParse({ ...body, size: '' }))).toEqual([
      'size: Choose a size',
    ]);
    const order = {
      _id: product._id,
      product: { _id: product._id, name: 'Marlin 7', brand: 'Trek', price: 899.99, imageUrl: null },
      size: 'M',
      user: { _id: product._id, name: 'Ann', email: 'ann@example.com' },
      quantity: 1,
      totalPrice: 899.99,
      status: 'Pending',
      paymentStatus: 'Pending',
      transaction: null,
      number: 'BC-100001',
      fulfilment: {
        method: null,
        address: null,
        location: null,
        state: 'Unfulfilled',
        carrier: null,
        trackingNumber: null,
        trackingUrl: null,
        readyBy: null,
      },
      payableUntil: null,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
    };
    expect(orderSchema.parse(order).size).toBe('M');
    expect(orderSchema.parse({ ...order, size: null }).size).toBeNull();
  });
});
