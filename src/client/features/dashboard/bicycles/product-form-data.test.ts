import { describe, expect, it } from 'vitest';
import type { ProductFormFields } from '#shared/contract/product.ts';
import { productFormData, productFormPath } from './product-form-data.ts';

const fields: ProductFormFields = {
  name: 'Trail Hawk',
  brand: 'Ridgeline',
  category: 'Mountain Bike',
  price: 849.5,
  quantity: 7,
  description: 'A light trail bike.',
};

function json(body: FormData, key: string): unknown {
  return JSON.parse(body.get(key) as string);
}

describe('productFormData', () => {
  it('sends every field as text and a new image as a file', () => {
    const file = new File(['x'], 'bike.png', { type: 'image/png' });
    const body = productFormData(fields, file);
    expect(body.get('name')).toBe('Trail Hawk');
    expect(body.get('category')).toBe('Mountain Bike');
    expect(body.get('price')).toBe('849.5');
    expect(body.get('quantity')).toBe('7');
    expect(body.get('imageUrl')).toBeInstanceOf(File);
  });

  it('keeps an existing image by its URL and removes it with an empty value', () => {
    expect(productFormData(fields, '/uploads/a.webp').get('imageUrl')).toBe('/uploads/a.webp');
    expect(productFormData(fields, '').get('imageUrl')).toBe('');
  });

  it('sends no image part when none was chosen', () => {
    expect(productFormData(fields, undefined).has('imageUrl')).toBe(false);
  });

  it('sends a one-size bicycle as an empty sizes list and every spec cleared', () => {
    const body = productFormData(fields, undefined);
    expect(json(body, 'sizes')).toEqual([]);
    expect(json(body, 'specs')).toEqual({
      frameMaterial: null,
      wheelSize: null,
      brakes: null,
      suspension: null,
      gears: null,
      weightKg: null,
      travelMm: null,
      motorTorqueNm: null,
      batteryWh: null,
      rangeKm: null,
    });
  });

  it('sends the sizes in their order and the stated specs as JSON text', () => {
    const sizes = [
      { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170 },
      { label: 'M', quantity: 0, minHeightCm: 168, maxHeightCm: 182 },
    ];
    const body = productFormData(
      { ...fields, quantity: 2, sizes, specs: { frameMaterial: 'Carbon', weightKg: 12.4 } },
      undefined,
    );
    expect(json(body, 'sizes')).toEqual(sizes);
    expect(json(body, 'specs')).toMatchObject({
      frameMaterial: 'Carbon',
      weightKg: 12.4,
      brakes: null,
    });
    expect(body.get('quantity')).toBe('2');
  });
});

describe('productFormPath', () => {
  it('places a server error on its field, its size cell or its spec', () => {
    expect(productFormPath('price', 0)).toBe('price');
    expect(productFormPath('sizes.1.label', 2)).toBe('sizes.1.label');
    expect(productFormPath('sizes.0.maxHeightCm', 1)).toBe('sizes.0.maxHeightCm');
    expect(productFormPath('specs.weightKg', 0)).toBe('specs.weightKg');
  });

  it('falls back to the list for a row or key the form does not have', () => {
    expect(productFormPath('sizes', 0)).toBe('sizes');
    expect(productFormPath('sizes.4.label', 2)).toBe('sizes');
    expect(productFormPath('sizes.0.colour', 2)).toBe('sizes');
    expect(productFormPath('specs.colour', 0)).toBe('specs');
  });

  it('leaves the image and unknown fields to the caller', () => {
    expect(productFormPath('imageUrl', 0)).toBeNull();
    expect(productFormPath('somethingElse', 0)).toBeNull();
  });
});
