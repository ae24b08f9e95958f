import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { CartDrawerHost } from '#client/features/cart/components/cart-drawer-host.tsx';
import { CompareTrayHost } from '#client/features/compare/compare-tray-host.tsx';
import { SiteFooter } from './site-footer.tsx';
import { RouteHead } from './route-head.tsx';
import { SiteHeader } from './site-header.tsx';

export function MainLayout() {
  const { pathname } = useLocation();
  // A link to another page waits for that page's loader and code; a change of the shop's filters
  // shows at once and is not announced as a new page.
  const navigation = useNavigation();
  const opening = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  // A new page starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <RouteHead />
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {opening && (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-[60] h-1 origin-left animate-page-progress bg-brand-500"
        />
      )}
      <SiteHeader />
      <div
        id="content"
        tabIndex={-1}
        aria-busy={opening || undefined}
        className="flex-1 focus:outline-none"
      >
        <Outlet />
      </div>
      <SiteFooter />
      <CompareTrayHost />
      <CartDrawerHost />
    </div>
  );
}
