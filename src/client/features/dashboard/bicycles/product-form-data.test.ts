import { describe, expect, it } from 'vitest';
import { isProductFieldName, productFormData } from './product-form-data.ts';

const fields = {
  name: 'Trail Hawk',
  brand: 'Ridgeline',
  category: 'Mountain Bike' as const,
  price: 849.5,
  quantity: 7,
  description: 'A light trail bike.',
};

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

  it('knows which server errors belong to a form field', () => {
    expect(isProductFieldName('price')).toBe(true);
    expect(isProductFieldName('imageUrl')).toBe(false);
  });
});
