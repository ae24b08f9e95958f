import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CartDrawerHost } from '../../features/cart/components/cart-drawer-host.tsx';
import { DeferredFooter } from './deferred-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function MainLayout() {
  const { pathname } = useLocation();
  // A new page starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

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
      <DeferredFooter />
      <CartDrawerHost />
    </div>
  );
}
