import type { ProductFields } from '#shared/contract/product.ts';

/**
 * The multipart body of a create or update. `image` is a new file, the kept URL, "" to remove
 * the image, or undefined to send no image at all.
 */
export function productFormData(fields: ProductFields, image: File | string | undefined): FormData {
  const body = new FormData();
  body.append('name', fields.name);
  body.append('brand', fields.brand);
  body.append('category', fields.category);
  body.append('price', String(fields.price));
  body.append('quantity', String(fields.quantity));
  body.append('description', fields.description);
  if (image !== undefined) body.append('imageUrl', image);
  return body;
}

export const PRODUCT_FIELD_NAMES = [
  'name',
  'brand',
  'category',
  'price',
  'quantity',
  'description',
] as const;
export type ProductFieldName = (typeof PRODUCT_FIELD_NAMES)[number];

export function isProductFieldName(name: string): name is ProductFieldName {
  return (PRODUCT_FIELD_NAMES as readonly string[]).includes(name);
}
