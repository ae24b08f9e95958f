import type { Product } from '#shared/contract/product.ts';
import type { Review } from '#shared/contract/review.ts';

/**
 * schema.org Review entries for the reviews shown, each naming the product it is about (the
 * page's Product carries the AggregateRating). "<" is escaped so no review text can close the
 * script element.
 */
export function reviewsJsonLd(product: Pick<Product, '_id' | 'name'>, reviews: Review[]): string {
  const items = reviews.map((r) => ({
    '@context': 'https://schema.org',
    '@type': 'Review',
    itemReviewed: { '@type': 'Product', name: product.name, sku: product._id },
    author: { '@type': 'Person', name: r.user.name },
    datePublished: r.createdAt.slice(0, 10),
    name: r.title,
    reviewBody: r.body,
    reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
  }));
  return JSON.stringify(items)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
