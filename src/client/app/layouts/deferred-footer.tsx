import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBrowserValue } from '../../lib/use-browser-value.ts';

const SiteFooter = lazy(async () => ({ default: (await import('./site-footer.tsx')).SiteFooter }));

/**
 * The footer sits below the fold on most pages, so its code loads once the shopper starts
 * scrolling or the footer comes into view. Until then a block of the same colour holds its place.
 */
export function DeferredFooter() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setWanted] = useState(false);
  // Without IntersectionObserver (old browsers, tests) the footer simply loads at once; a
  // prerendered page and its first render agree on the placeholder.
  const noObserver = useBrowserValue(() => typeof IntersectionObserver === 'undefined', false);
  const wanted = seen || noObserver;

  useEffect(() => {
    const el = ref.current;
    if (!el || wanted) return;
    const want = () => {
      setWanted(true);
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) want();
    });
    observer.observe(el);
    window.addEventListener('scroll', want, { passive: true, once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', want);
    };
  }, [wanted]);

  const placeholder = <div className="min-h-[44rem] bg-ink sm:min-h-[30rem] lg:min-h-[20rem]" />;
  return (
    <div ref={ref}>
      {wanted ? <Suspense fallback={placeholder}>{<SiteFooter />}</Suspense> : placeholder}
    </div>
  );
}
