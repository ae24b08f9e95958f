import type { RouteObject } from 'react-router';
import {
  shopFacetParams,
  shopFiltersFromSearchParams,
  shopListParams,
} from '#shared/rules/filters.ts';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { checkoutApi } from '../features/checkout/checkout-api.ts';
import { namesProductById, readCheckoutQuery } from '../features/checkout/checkout-query.ts';
import { compareRequest } from '../features/compare/compare-slugs.ts';
import { namesNoProduct, productsApi } from '../features/products/products-api.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import type { PageHandle } from './page-handle.ts';
import { paths, productPath } from '#client/lib/paths.ts';

const SITE = 'Bi-Cycle Store';
const DEFAULT_DESCRIPTION =
  'Bi-Cycle Store: road, mountain, kids, electric, hybrid and BMX bicycles, delivered to your door.';

/** The newest six, as the home page asks for them (equal arguments share one cache entry). */
const FEATURED_QUERY = { limit: 6 } as const;
/** The price slider's upper end comes from the dearest bicycle. */
const PRICE_CEILING_QUERY = { sort: '-price', limit: 1 } as const;

function staticMeta(title: string, description = DEFAULT_DESCRIPTION): PageHandle['meta'] {
  return () => ({ title: `${title} | ${SITE}`, description });
}

const pages = {
  home: {
    module: 'src/client/features/home/home-view.tsx',
    prefetch: (dispatch) => {
      void dispatch(productsApi.endpoints.getProducts.initiate(FEATURED_QUERY));
    },
    meta: () => ({
      title: `${SITE} | Bicycles for every road, trail and school run`,
      description: DEFAULT_DESCRIPTION,
      image: '/hero/hero-road-1600.webp',
    }),
  },
  shop: {
    module: 'src/client/features/products/shop-view.tsx',
    // The shop's address names its filters, order and page: the same query the page sends.
    prefetch: (dispatch, { url }) => {
      const filters = shopFiltersFromSearchParams(url.searchParams);
      void dispatch(productsApi.endpoints.getProducts.initiate(shopListParams(filters)));
      void dispatch(productsApi.endpoints.getProductFacets.initiate(shopFacetParams(filters)));
      void dispatch(productsApi.endpoints.getProducts.initiate(PRICE_CEILING_QUERY));
    },
    meta: staticMeta(
      'Shop Now',
      'Shop road, mountain, kids, electric, hybrid and BMX bicycles by category, price and stock.',
    ),
  },
  about: {
    module: 'src/client/features/static-pages/about-view.tsx',
    meta: staticMeta('About Us', 'Who we are at Bi-Cycle Store and why riders shop with us.'),
  },
  contact: {
    module: 'src/client/features/static-pages/contact-view.tsx',
    meta: staticMeta('Contact Us', 'Write to Bi-Cycle Store: questions, orders and support.'),
  },
  cart: {
    module: 'src/client/features/cart/cart-view.tsx',
    meta: staticMeta('Shopping Cart'),
  },
  wishlist: {
    module: 'src/client/features/wishlist/wishlist-view.tsx',
    meta: staticMeta('My Wishlist'),
  },
  signIn: {
    module: 'src/client/features/auth/sign-in-page.tsx',
    meta: staticMeta('Sign In'),
  },
  signUp: {
    module: 'src/client/features/auth/sign-up-page.tsx',
    meta: staticMeta('Sign Up'),
  },
  checkout: {
    module: 'src/client/features/checkout/checkout-page.tsx',
    // The line is in the address; the shops come with it. Saved addresses are the shopper's own:
    // the browser asks for them once the session is back.
    prefetch: (dispatch, { url }) => {
      void dispatch(checkoutApi.endpoints.getCheckoutLocations.initiate(undefined));
      const line = readCheckoutQuery(url.searchParams);
      if (!line) return;
      void dispatch(
        namesProductById(line.product)
          ? productsApi.endpoints.getProduct.initiate(line.product)
          : productsApi.endpoints.getProductBySlug.initiate(line.product),
      );
    },
    outcome: (state, { url }) => {
      const line = readCheckoutQuery(url.searchParams);
      if (!line) return undefined;
      const { error } = namesProductById(line.product)
        ? productsApi.endpoints.getProduct.select(line.product)(state)
        : productsApi.endpoints.getProductBySlug.select(line.product)(state);
      return namesNoProduct(error) ? { status: 404 } : undefined;
    },
    meta: staticMeta('Checkout', 'Choose delivery or collection, and pay for your bicycle.'),
    // "Ready from" dates and the shops' hours are today's, not the catalog's.
    perVisit: true,
  },
  // The result of a payment belongs to its signed-in owner: rendered once the session is back.
  paymentSuccess: {
    module: 'src/client/features/orders/payment-success-page.tsx',
    meta: staticMeta('Payment'),
    clientOnly: true,
  },
  notFound: {
    module: 'src/client/features/static-pages/not-found-page.tsx',
    meta: staticMeta('Page not found'),
    status: 404,
  },
} satisfies Record<string, PageHandle>;

/**
 * The spec's route table, shared by the browser router and the server renderer. Every page's
 * code loads through the router's `lazy`: the first load carries the layout, and the page that is
 * shown comes beside it (the server names its module in the HTML).
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        handle: pages.home,
        lazy: async () => ({
          Component: (await import('../features/home/home-view.tsx')).HomeView,
        }),
      },
      {
        path: paths.shop,
        handle: pages.shop,
        lazy: async () => ({
          Component: (await import('../features/products/shop-view.tsx')).ShopView,
        }),
      },
      {
        path: paths.about,
        handle: pages.about,
        lazy: async () => ({
          Component: (await import('../features/static-pages/about-view.tsx')).AboutView,
        }),
      },
      {
        path: paths.contact,
        handle: pages.contact,
        lazy: async () => ({
          Component: (await import('../features/static-pages/contact-view.tsx')).ContactView,
        }),
      },
      {
        path: paths.cart,
        handle: pages.cart,
        lazy: async () => ({
          Component: (await import('../features/cart/cart-view.tsx')).CartView,
        }),
      },
      {
        path: paths.wishlist,
        handle: pages.wishlist,
        lazy: async () => ({
          Component: (await import('../features/wishlist/wishlist-view.tsx')).WishlistView,
        }),
      },
      {
        path: paths.signIn,
        handle: pages.signIn,
        lazy: async () => ({
          Component: (await import('../features/auth/sign-in-page.tsx')).SignInPage,
        }),
      },
      {
        path: paths.signUp,
        handle: pages.signUp,
        lazy: async () => ({
          Component: (await import('../features/auth/sign-up-page.tsx')).SignUpPage,
        }),
      },
      {
        path: paths.forgotPassword,
        handle: {
          module: 'src/client/features/auth/forgot-password-page.tsx',
          meta: staticMeta('Forgot password'),
        } satisfies PageHandle,
        lazy: async () => ({
          Component: (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage,
        }),
      },
      {
        // The address carries a secret: rendered in the browser only, never cached by the server.
        path: paths.resetPassword,
        handle: {
          module: 'src/client/features/auth/reset-password-page.tsx',
          meta: staticMeta('Reset password'),
          clientOnly: true,
        } satisfies PageHandle,
        lazy: async () => ({
          Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: paths.checkout,
        handle: pages.checkout,
        lazy: async () => ({
          Component: (await import('../features/checkout/checkout-page.tsx')).CheckoutPage,
        }),
      },
      {
        path: paths.paymentSuccess,
        handle: pages.paymentSuccess,
        lazy: async () => ({
          Component: (await import('../features/orders/payment-success-page.tsx'))
            .PaymentSuccessPage,
        }),
      },
      {
        element: <RequireAuth />,
        handle: { clientOnly: true } satisfies PageHandle,
        children: [
          {
            path: paths.orders,
            lazy: async () => ({
              Component: (await import('../features/orders/my-orders-page.tsx')).MyOrdersPage,
            }),
          },
          {
            path: paths.order,
            lazy: async () => ({
              Component: (await import('../features/orders/order-page.tsx')).OrderPage,
            }),
          },
          {
            path: paths.orderReview,
            lazy: async () => ({
              Component: (await import('../features/reviews/review-form-page.tsx')).ReviewFormPage,
            }),
          },
          {
            path: paths.profile,
            lazy: async () => ({
              Component: (await import('../features/auth/profile-page.tsx')).ProfilePage,
            }),
          },
        ],
      },
      {
        path: paths.product,
        handle: {
          module: 'src/client/features/products/product-page.tsx',
          prefetch: async (dispatch, { params }) => {
            const { data } = await dispatch(
              productsApi.endpoints.getProductBySlug.initiate(params.slug ?? ''),
            );
            const product = data?.data;
            // "More from this category", with the page's own arguments.
            if (product && product.slug === params.slug) {
              void dispatch(
                productsApi.endpoints.getProducts.initiate({
                  category: product.category,
                  limit: 4,
                }),
              );
            }
          },
          outcome: (state, { params }) => {
            const slug = params.slug ?? '';
            const { data, error } = productsApi.endpoints.getProductBySlug.select(slug)(state);
            if (data && data.data.slug !== slug) {
              return { status: 301, location: productPath(data.data) };
            }
            if (namesNoProduct(error)) return { status: 404 };
            return undefined;
          },
          meta: (state, { params }) => {
            const product = productsApi.endpoints.getProductBySlug.select(params.slug ?? '')(state)
              .data?.data;
            if (!product)
              return { title: `Page not found | ${SITE}`, description: DEFAULT_DESCRIPTION };
            return {
              title: `${product.name} by ${product.brand} | ${SITE}`,
              description: product.description.slice(0, 160),
              ...(product.imageUrl ? { image: product.imageUrl } : {}),
              type: 'product',
            };
          },
        } satisfies PageHandle,
        lazy: async () => ({
          Component: (await import('../features/products/product-page.tsx')).ProductPage,
        }),
      },
      {
        path: paths.compare,
        handle: {
          module: 'src/client/features/compare/compare-page.tsx',
          prefetch: async (dispatch, { url }) => {
            const { slugs } = compareRequest(url.searchParams);
            await Promise.all(
              slugs.map((slug) => dispatch(productsApi.endpoints.getProductBySlug.initiate(slug))),
            );
          },
          meta: staticMeta(
            'Compare bicycles',
            'Specs, sizes, geometry and prices of bicycles side by side.',
          ),
        } satisfies PageHandle,
        lazy: async () => ({
          Component: (await import('../features/compare/compare-page.tsx')).ComparePage,
        }),
      },
      {
        path: '*',
        handle: pages.notFound,
        lazy: async () => ({
          Component: (await import('../features/static-pages/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
  {
    path: paths.dashboard.all,
    handle: { clientOnly: true } satisfies PageHandle,
    errorElement: <RouteError />,
    lazy: async () => ({
      Component: (await import('../features/dashboard/dashboard-app.tsx')).DashboardApp,
    }),
  },
];
