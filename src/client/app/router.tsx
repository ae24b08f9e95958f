import { createBrowserRouter } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { CartPage } from '../features/cart/cart-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { ShopPage } from '../features/products/shop-page.tsx';
import { AboutPage } from '../features/static-pages/about-page.tsx';
import { ContactPage } from '../features/static-pages/contact-page.tsx';
import { NotFoundPage } from '../features/static-pages/not-found-page.tsx';
import { WishlistPage } from '../features/wishlist/wishlist-page.tsx';
import { MainLayout } from './layouts/main-layout.tsx';

/** The spec's route table. Signed-in screens and the dashboard load on demand. */
export const router = createBrowserRouter([
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
]);
