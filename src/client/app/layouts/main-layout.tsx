import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { CartDrawerHost } from '#client/features/cart/components/cart-drawer-host.tsx';
import { CompareTrayHost } from '#client/features/compare/compare-tray-host.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { pageHead } from '../route-data.ts';

export function MainLayout() {
  const { pathname } = useLocation();
  const matches = useMatches();
  // A new page starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // The server wrote the first page's title; later pages set their own, from their loaders.
  const title = pageHead(matches)?.title;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

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
