import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Product } from '#shared/contract/product.ts';
import { Button } from '#client/components/ui/button.tsx';
import { RatingStars, ratingText, reviewCountText } from './rating-stars.tsx';

const loadPanel = () => import('./reviews-panel.tsx');
const ReviewsPanel = lazy(async () => ({ default: (await loadPanel()).ReviewsPanel }));

/** How far below the screen the list starts loading, so it is there when the reader arrives. */
const NEAR = '600px';

/**
 * The product page's reviews: the average and count come with the product (in the page's HTML);
 * the list, its summary and controls load when the section nears the screen or on request, so
 * the page's first load does not carry them.
 */
export function ProductReviews({
  product,
}: {
  product: Pick<Product, '_id' | 'name' | 'rating' | 'sizes'>;
}) {
  const rating = product.rating ?? null;
  const [wanted, setWanted] = useState(false);
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    const node = section.current;
    if (!rating || wanted || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setWanted(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [rating, wanted]);

  return (
    <section ref={section} aria-labelledby="reviews-heading" className="mt-14">
      <h2 id="reviews-heading" className="mb-3 text-xl font-bold text-ink">
        Reviews
      </h2>
      {rating ? (
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <RatingStars value={rating.average} className="text-xl" />
          <span className="font-semibold text-ink">{ratingText(rating.average)}</span>
          <span>· {reviewCountText(rating.count)} from verified buyers</span>
        </p>
      ) : (
        <p className="text-slate-600">
          No reviews yet. Riders who bought this bicycle can review it from My Orders.
        </p>
      )}
      {rating && wanted ? (
        <Suspense fallback={<p className="mt-4 text-sm text-slate-600">Loading reviews…</p>}>
          <ReviewsPanel product={product} Stars={RatingStars} />
        </Suspense>
      ) : null}
      {rating && !wanted ? (
        <Button
          variant="outline"
          className="mt-4"
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
          onClick={() => {
            setWanted(true);
          }}
        >
          Read the reviews
        </Button>
      ) : null}
    </section>
  );
}
