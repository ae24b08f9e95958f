import type { Product } from '#shared/contract/product.ts';
import { productPath, shopPath } from '#client/lib/paths.ts';
import { galleryOf } from './gallery/gallery-images.ts';

/**
 * schema.org Product (with its Offer) and BreadcrumbList for a product page, as search engines
 * read them. The price is the database's, in dollars.
 */
export function productStructuredData(product: Product, origin: string): object[] {
  const url = `${origin}${productPath(product)}`;
  const images = galleryOf(product);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      brand: { '@type': 'Brand', name: product.brand },
      ...(images.length > 0 ? { image: images.map((image) => image.url) } : {}),
      description: product.description,
      sku: product._id,
      category: product.category,
      offers: {
        '@type': 'Offer',
        price: product.price,
        priceCurrency: 'USD',
        availability:
          product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url,
      },
      ...(product.rating
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating.average,
              reviewCount: product.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Shop', item: `${origin}/shop` },
        {
          '@type': 'ListItem',
          position: 3,
          name: product.category,
          item: `${origin}${shopPath(new URLSearchParams({ category: product.category }))}`,
        },
        { '@type': 'ListItem', position: 4, name: product.name, item: url },
      ],
    },
  ];
}

/**
 * JSON for an inline script element: "<" is escaped so no text in a product (a description with
 * "</script>") can close the element. The browser does not run application/ld+json.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
