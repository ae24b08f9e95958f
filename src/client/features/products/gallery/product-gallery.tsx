import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import type { Product, ProductImage as GalleryImage } from '#shared/contract/product.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';
import { galleryOf, stepFor } from './gallery-images.ts';

const loadZoom = () => import('./gallery-zoom.tsx');
const GalleryZoom = lazy(async () => ({ default: (await loadZoom()).GalleryZoom }));

/** The stored picture sizes (src/server/modules/uploads/images.ts). */
const LARGE_WIDTH = 1200;
const THUMB_WIDTH = 480;

/** A picture's place on the page, which its thumbnail links to. */
const pictureId = (index: number) => `picture-${String(index + 1)}`;

function Slide({ image, index }: { image: GalleryImage; index: number }) {
  const first = index === 0;
  return (
    <img
      id={pictureId(index)}
      src={image.url}
      srcSet={`${image.thumbnailUrl} ${String(THUMB_WIDTH)}w, ${image.url} ${String(LARGE_WIDTH)}w`}
      sizes="(min-width: 768px) 50vw, 100vw"
      alt={image.alt}
      width={LARGE_WIDTH}
      height={(LARGE_WIDTH * 3) / 4}
      loading={first ? 'eager' : 'lazy'}
      {...(first ? { fetchPriority: 'high' as const } : {})}
      decoding="async"
      draggable={false}
      className="aspect-[4/3] w-full shrink-0 scroll-mt-24 snap-center snap-always bg-slate-100 object-cover"
    />
  );
}

/**
 * The product page's pictures: a strip that snaps picture by picture (a swipe on a phone needs no
 * script: decision 026), thumbnails to pick one, arrow keys to step through, and a zoom dialog
 * loaded on first use. Before and without the scripts, a thumbnail is a link to its picture in the
 * strip, which the browser scrolls to, and Zoom a link to the large picture. The first picture is rendered on the server with its size and srcset, as
 * the page's largest paint.
 */
export function ProductGallery({ product }: { product: Product }) {
  const images = galleryOf(product);
  const [current, setCurrent] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoomLoaded, setZoomLoaded] = useState(false);
  const strip = useRef<HTMLDivElement>(null);
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  const count = images.length;
  const name = `${product.brand} ${product.name}`;

  if (count === 0)
    return <ProductImage src={null} alt={name} size="large" eager className="w-full rounded-2xl" />;

  const show = (index: number) => {
    setCurrent(index);
    const el = strip.current;
    // Instant: a smooth scroll would pass through the pictures between and mark each on the way.
    if (el) el.scrollLeft = index * el.clientWidth;
  };
  const onScroll = () => {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    const index = Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth)));
    if (index !== current) setCurrent(index);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = stepFor(event.key, current, count);
    if (next === undefined) return;
    event.preventDefault();
    show(next);
    // Focus follows the choice among the thumbnails, so the next arrow starts from there.
    if (event.target instanceof HTMLAnchorElement && thumbs.current.includes(event.target))
      thumbs.current[next]?.focus();
  };
  const openZoom = () => {
    setZoomLoaded(true);
    setZoomOpen(true);
  };

  return (
    // Arrow keys step through the pictures from the strip or any thumbnail, as in a tab list.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <section aria-label={`Pictures of ${name}`} onKeyDown={onKeyDown} className="min-w-0">
      <div className="relative">
        <div
          ref={strip}
          onScroll={onScroll}
          // A scrolled strip is reachable by keyboard (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
          tabIndex={0}
          role="group"
          aria-roledescription="carousel"
          aria-label={`Picture ${String(current + 1)} of ${String(count)}: ${images[current]?.alt ?? ''}`}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {images.map((image, i) => (
            <Slide key={image._id} image={image} index={i} />
          ))}
        </div>
        <a
          href={images[current]?.url}
          onPointerEnter={() => void loadZoom()}
          onFocus={() => void loadZoom()}
          onClick={(event) => {
            event.preventDefault();
            openZoom();
          }}
          aria-haspopup="dialog"
          aria-label={`Zoom picture ${String(current + 1)}`}
          className="absolute right-3 bottom-3 inline-flex h-10 cursor-pointer items-center rounded-full bg-white/95 px-4 text-sm font-semibold text-ink shadow ring-1 ring-slate-200 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Zoom
        </a>
        {count > 1 ? (
          <span
            aria-hidden="true"
            className="absolute bottom-3 left-3 rounded-full bg-ink/75 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
          >
            {current + 1} / {count}
          </span>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2 sm:grid-cols-6">
          {images.map((image, i) => (
            <li key={image._id}>
              <a
                href={`#${pictureId(i)}`}
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                aria-current={i === current ? 'true' : undefined}
                aria-label={`Picture ${String(i + 1)}: ${image.alt}`}
                onClick={(event) => {
                  event.preventDefault();
                  show(i);
                }}
                className={cx(
                  'block w-full cursor-pointer overflow-hidden rounded-lg ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  i === current ? 'ring-ink' : 'ring-transparent hover:ring-slate-300',
                )}
              >
                <img
                  src={image.thumbnailUrl}
                  alt=""
                  width={THUMB_WIDTH}
                  height={(THUMB_WIDTH * 3) / 4}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {zoomLoaded ? (
        <Suspense fallback={null}>
          <GalleryZoom
            images={images}
            index={current}
            onIndexChange={show}
            open={zoomOpen}
            onOpenChange={setZoomOpen}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
