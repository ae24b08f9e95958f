import { lazyPage } from '../../components/ui/lazy-page.tsx';

/** Holds the hero's height while the page loads, so nothing moves when it appears. */
function HomeFallback() {
  return (
    <div className="min-h-[calc(100vh+34rem)]" aria-busy="true">
      <div className="h-[34rem] bg-ink sm:h-[36rem] lg:h-[38rem]" />
    </div>
  );
}

export const HomePage = lazyPage(
  async () => (await import('./home-view.tsx')).HomeView,
  <HomeFallback />,
);
