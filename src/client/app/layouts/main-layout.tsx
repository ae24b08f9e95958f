import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { CartDrawerHost } from '#client/features/cart/components/cart-drawer-host.tsx';
import { CompareTrayHost } from '#client/features/compare/compare-tray-host.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useAppStore } from '#client/lib/hooks.ts';
import { pageMeta } from '../page-meta.ts';

export function MainLayout() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const store = useAppStore();
  // A new page starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The server wrote the first page's title; later pages set their own.
  useEffect(() => {
    const meta = pageMeta(
      matches,
      store.getState(),
      new URL(pathname + search, window.location.href),
    );
    if (meta) document.title = meta.title;
  }, [matches, store, pathname, search]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <div id="content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </div>
      <SiteFooter />
      <CompareTrayHost />
      <CartDrawerHost />
    </div>
  );
}
