import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Keeps the space of a page that is still loading, so the footer does not jump up and back. */
export function PageFallback() {
  return <div className="min-h-screen" aria-busy="true" />;
}

/**
 * A page whose code loads when it is first shown, so each route's first load carries only
 * its own page.
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  fallback: ReactNode = <PageFallback />,
): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  function LazyPage() {
    return (
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}
