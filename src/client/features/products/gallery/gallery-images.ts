import type { Product, ProductImage } from '#shared/contract/product.ts';

/**
 * The pictures a product page shows, in order: the gallery, or, for an answer without one (a list
 * entry, an older cache), the product's one image. Alt text falls back to brand and name.
 */
export function galleryOf(
  product: Pick<Product, '_id' | 'brand' | 'name' | 'imageUrl' | 'thumbnailUrl' | 'images'>,
): ProductImage[] {
  if (product.images) return product.images;
  if (!product.imageUrl) return [];
  return [
    {
      _id: product._id,
      url: product.imageUrl,
      thumbnailUrl: product.thumbnailUrl ?? product.imageUrl,
      alt: `${product.brand} ${product.name}`,
    },
  ];
}

/** The next picture for a key pressed in the gallery, or undefined for any other key. */
export function stepFor(key: string, current: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return Math.min(current + 1, count - 1);
    case 'ArrowLeft':
      return Math.max(current - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
