import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Keeps the space of a page that is still loading, so the footer does not jump up and back. */
export function PageFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}

/** A page component whose code can be fetched ahead of its first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * A page whose code loads when it is first shown, so each route's first load carries only
 * its own page. Once its code is there (after preload, or a first show), it renders at once
 * with no fallback: the first render of a prerendered page then replaces the served markup
 * with the same markup, not with a placeholder.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactNode = <PageFallback />,
): LazyPage {
  let loaded: ComponentType | undefined;
  const fetchOnce = async (): Promise<ComponentType> => (loaded ??= await load());
  const Pending = lazy(async () => ({ default: await fetchOnce() }));
  function Page() {
    const Loaded = loaded;
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={fallback}>
        <Pending />
      </Suspense>
    );
  }
  return Object.assign(Page, {
    preload: async () => {
      await fetchOnce();
    },
  });
}
