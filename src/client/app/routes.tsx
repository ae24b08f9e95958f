import { matchPath, type RouteObject } from 'react-router';
import type { LazyPage } from '../components/ui/lazy-page.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { CartPage } from '../features/cart/cart-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ShopPage } from '../features/products/shop-page.tsx';
import { AboutPage } from '../features/static-pages/about-page.tsx';
import { ContactPage } from '../features/static-pages/contact-page.tsx';
import { NotFoundPage } from '../features/static-pages/not-found-page.tsx';
import { WishlistPage } from '../features/wishlist/wishlist-page.tsx';
import { MainLayout } from './layouts/main-layout.tsx';

/**
 * The spec's route table, shared by the browser router and the build-time prerender. Page bodies,
 * signed-in screens and the dashboard load on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/shop', element: <ShopPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/wish-list', element: <WishlistPage /> },
      {
        path: '/sign-in',
        lazy: async () => ({
          Component: (await import('../features/auth/sign-in-page.tsx')).SignInPage,
        }),
      },
      {
        path: '/sign-up',
        lazy: async () => ({
          Component: (await import('../features/auth/sign-up-page.tsx')).SignUpPage,
        }),
      },
      {
        path: '/payment-success',
        lazy: async () => ({
          Component: (await import('../features/payment/payment-success-page.tsx'))
            .PaymentSuccessPage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/orders',
            lazy: async () => ({
              Component: (await import('../features/orders/my-orders-page.tsx')).MyOrdersPage,
            }),
          },
          {
            path: '/me',
            lazy: async () => ({
              Component: (await import('../features/profile/profile-page.tsx')).ProfilePage,
            }),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    path: '/dashboard/*',
    lazy: async () => ({
      Component: (await import('../features/dashboard/dashboard-app.tsx')).DashboardApp,
    }),
  },
];

const storeFrontPages: [string, LazyPage][] = [
  ['/', HomePage],
  ['/shop', ShopPage],
  ['/about', AboutPage],
  ['/contact', ContactPage],
  ['/cart', CartPage],
  ['/wish-list', WishlistPage],
];

/** Fetches the code of the store-front page at `pathname` (if it is one) before the first render. */
export async function preloadPage(pathname: string): Promise<void> {
  const page = storeFrontPages.find(([path]) => matchPath(path, pathname));
  await page?.[1].preload();
}
