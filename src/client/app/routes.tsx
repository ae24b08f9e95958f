import type { ComponentType } from 'react';
import {
  data,
  redirect,
  type ActionFunction,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import {
  shopFacetParams,
  shopFiltersFromSearchParams,
  shopFiltersToSearchParams,
  shopListParams,
} from '#shared/rules/filters.ts';
import { addressesApi } from '../features/addresses/addresses-api.ts';
import { authApi } from '../features/auth/auth-api.ts';
import { redirectQuery } from '../features/auth/redirect-target.ts';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { checkoutApi } from '../features/checkout/checkout-api.ts';
import { namesProductById, readCheckoutQuery } from '../features/checkout/checkout-query.ts';
import { compareRequest } from '../features/compare/compare-slugs.ts';
import { namesNoProduct, productsApi } from '../features/products/products-api.ts';
import { MainLayout } from './layouts/main-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';
import type { PageHandle } from './page-handle.ts';
import { loadQuery, renderedFor, startQuery, withStore, type PageData } from './route-data.ts';
import { errorStatus } from '#client/lib/api.ts';
import { paths, productPath } from '#client/lib/paths.ts';

const SITE = 'Bi-Cycle Store';
const DEFAULT_DESCRIPTION =
  'Bi-Cycle Store: road, mountain, kids, electric, hybrid and BMX bicycles, delivered to your door.';

/** The newest six, as the home page asks for them (equal arguments share one cache entry). */
const FEATURED_QUERY = { limit: 6 } as const;
/** The price slider's upper end comes from the dearest bicycle. */
const PRICE_CEILING_QUERY = { sort: '-price', limit: 1 } as const;

function staticHead(title: string, description = DEFAULT_DESCRIPTION): PageData {
  return { head: { title: `${title} | ${SITE}`, description } };
}

/** A page that only has a head: its loader answers at once. */
const headOnly =
  (title: string, description?: string): LoaderFunction =>
  () =>
    staticHead(title, description);

/** What the account page's server loader adds to its head: the guard's word for the first render. */
interface ShopperPageData extends PageData {
  drawnForShopper: true;
}

/** A 404: the page that names nothing has no canonical address. */
const missing = (page: PageData) =>
  data({ ...page, head: { ...page.head, missing: true } }, { status: 404 });
const notFoundData = () => missing(staticHead('Page not found'));

/**
 * The loader of a page of one shopper's account (decision 032): on the server, for the signed-in
 * visitor, it loads what the page's first screen shows (`load` answers `missing` for something
 * that is not the visitor's); nobody signed in goes to sign in and comes back. In the browser the
 * guard and the page's own queries do this, with the browser's session.
 */
function accountPage(
  head: (args: LoaderFunctionArgs) => PageData,
  load: (args: LoaderFunctionArgs) => Promise<'missing' | undefined>,
): LoaderFunction {
  return async (args) => {
    const page = head(args);
    const { onServer, signedIn } = renderedFor(args.context);
    if (!onServer) return page;
    if (!signedIn) {
      const { pathname, search } = new URL(args.request.url);
      return redirect(`${paths.signIn}${redirectQuery(`${pathname}${search}`)}`);
    }
    const drawn = { ...page, drawnForShopper: true } satisfies ShopperPageData;
    return (await load(args)) === 'missing' ? missing(drawn) : drawn;
  };
}

/**
 * The orders API, for the account pages' loaders on the server: in the browser they return only
 * the head, so the store front's first load does not carry it.
 */
const ordersFeature = () => import('../features/orders/orders-api.ts');

/** One order of the visitor's, by the number in the address: a stranger's is not found. */
async function loadOwnOrder({ context, params }: LoaderFunctionArgs) {
  const { ordersApi } = await ordersFeature();
  const { error } = await loadQuery(context, (dispatch) =>
    dispatch(ordersApi.endpoints.getOrder.initiate(params.number ?? '')),
  );
  const status = errorStatus(error);
  return status === 404 || status === 400 ? 'missing' : undefined;
}

const loaders = {
  home: (async ({ context }) => {
    await startQuery(context, (dispatch) =>
      dispatch(productsApi.endpoints.getProducts.initiate(FEATURED_QUERY)),
    );
    return {
      head: {
        title: `${SITE} | Bicycles for every road, trail and school run`,
        description: DEFAULT_DESCRIPTION,
        image: '/hero/hero-road-1600.webp',
      },
    } satisfies PageData;
  }) satisfies LoaderFunction,
  // The shop's address names its filters, order and page: the same query the page sends.
  shop: (async ({ context, request }) => {
    const { searchParams } = new URL(request.url);
    const filters = shopFiltersFromSearchParams(searchParams);
    // The filter form, sent by a browser without the scripts, names every field, blank or not;
    // the shop answers with the address the app itself would have written.
    if ([...searchParams.values()].some((value) => value.trim() === '')) {
      const query = shopFiltersToSearchParams(filters).toString();
      return redirect(query ? `${paths.shop}?${query}` : paths.shop);
    }
    await Promise.all([
      startQuery(context, (dispatch) =>
        dispatch(productsApi.endpoints.getProducts.initiate(shopListParams(filters))),
      ),
      startQuery(context, (dispatch) =>
        dispatch(productsApi.endpoints.getProductFacets.initiate(shopFacetParams(filters))),
      ),
      startQuery(context, (dispatch) =>
        dispatch(productsApi.endpoints.getProducts.initiate(PRICE_CEILING_QUERY)),
      ),
    ]);
    return staticHead(
      'Shop Now',
      'Shop road, mountain, kids, electric, hybrid and BMX bicycles by category, price and stock.',
    );
  }) satisfies LoaderFunction,
  // The line is in the address; the shops come with it. Saved addresses are the shopper's own:
  // the browser asks for them once the session is back.
  checkout: (async ({ context, request }) => {
    const line = readCheckoutQuery(new URL(request.url).searchParams);
    const [, bicycle] = await Promise.all([
      startQuery(context, (dispatch) =>
        dispatch(checkoutApi.endpoints.getCheckoutLocations.initiate(undefined)),
      ),
      line
        ? loadQuery(context, (dispatch) =>
            dispatch(
              namesProductById(line.product)
                ? productsApi.endpoints.getProduct.initiate(line.product)
                : productsApi.endpoints.getProductBySlug.initiate(line.product),
            ),
          )
        : undefined,
    ]);
    const head = staticHead('Checkout', 'Choose delivery or collection, and pay for your bicycle.');
    return namesNoProduct(bicycle?.error) ? missing(head) : head;
  }) satisfies LoaderFunction,
  product: (async ({ context, params }) => {
    const slug = params.slug ?? '';
    const { data: found, error } = await loadQuery(context, (dispatch) =>
      dispatch(productsApi.endpoints.getProductBySlug.initiate(slug)),
    );
    const product = found?.data;
    if (!product) return namesNoProduct(error) ? notFoundData() : staticHead('Bicycle');
    // An old or differently written name answers with the bicycle's own address.
    if (product.slug !== slug) return redirect(productPath(product), 301);
    // "More from this category", with the page's own arguments.
    await loadQuery(context, (dispatch) =>
      dispatch(
        productsApi.endpoints.getProducts.initiate({ category: product.category, limit: 4 }),
      ),
    );
    return {
      head: {
        title: `${product.name} by ${product.brand} | ${SITE}`,
        description: product.description.slice(0, 160),
        ...(product.imageUrl ? { image: product.imageUrl } : {}),
        type: 'product',
      },
    } satisfies PageData;
  }) satisfies LoaderFunction,
  // Without an order there is no result to show.
  paymentSuccess: (({ request }) =>
    new URL(request.url).searchParams.get('order_id')
      ? staticHead('Payment')
      : redirect(paths.home)) satisfies LoaderFunction,
  profile: accountPage(
    () => staticHead('Account Preferences', 'Your profile, password and addresses.'),
    async ({ context }) => {
      await Promise.all([
        loadQuery(context, (dispatch) => dispatch(authApi.endpoints.getMe.initiate(undefined))),
        loadQuery(context, (dispatch) =>
          dispatch(addressesApi.endpoints.getAddresses.initiate(undefined)),
        ),
      ]);
      return undefined;
    },
  ),
  orders: accountPage(
    () => staticHead('My Orders', 'Your orders, where they are, and what you can do with them.'),
    async ({ context, request }) => {
      const { ordersApi, requestedOrdersPage } = await ordersFeature();
      const page = requestedOrdersPage(new URL(request.url).searchParams);
      await loadQuery(context, (dispatch) =>
        dispatch(ordersApi.endpoints.getMyOrders.initiate({ page })),
      );
      return undefined;
    },
  ),
  order: accountPage(
    ({ params }) =>
      staticHead(`Order ${params.number ?? ''}`, 'Your order: where it is and what comes next.'),
    loadOwnOrder,
  ),
  orderReview: accountPage(
    () => staticHead('Review your bicycle', 'How your bicycle rides and fits.'),
    loadOwnOrder,
  ),
  compare: (async ({ context, request }) => {
    const { slugs } = compareRequest(new URL(request.url).searchParams);
    await Promise.all(
      slugs.map((slug) =>
        startQuery(context, (dispatch) =>
          dispatch(productsApi.endpoints.getProductBySlug.initiate(slug)),
        ),
      ),
    );
    return staticHead(
      'Compare bicycles',
      'Specs, sizes, geometry and prices of bicycles side by side.',
    );
  }) satisfies LoaderFunction,
};

/**
 * A page of the store front: its path; its module under src/client, which is the route's id (the
 * server preloads that module's chunk from Vite's manifest, as framework mode names routes by
 * file) and which `load` imports with its form's action (the form is on screen before it can be
 * sent); its loader and its handle. `routes.test.ts` checks that each id names what `load` loads.
 */
function page(
  path: string,
  module: string,
  load: () => Promise<{ Component: ComponentType; action?: ActionFunction }>,
  options: { loader?: LoaderFunction } & PageHandle,
): RouteObject {
  const { loader, ...handle } = options;
  return { id: module, path, loader, handle, lazy: load };
}

/**
 * The spec's route table, shared by the browser router and the server renderer. Every page's
 * code loads through the router's `lazy`, and its data through its loader, which is here, outside
 * the page's code: in the browser both are asked for at once. The first load carries the layout;
 * the page that is shown comes beside it (the server names its module in the HTML).
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    children: [
      page(
        paths.home,
        'features/home/home-view.tsx',
        async () => ({ Component: (await import('../features/home/home-view.tsx')).HomeView }),
        { loader: loaders.home, catalog: true },
      ),
      page(
        paths.shop,
        'features/products/shop-view.tsx',
        async () => ({
          Component: (await import('../features/products/shop-view.tsx')).ShopView,
        }),
        { loader: loaders.shop, catalog: true },
      ),
      page(
        paths.about,
        'features/static-pages/about-view.tsx',
        async () => ({
          Component: (await import('../features/static-pages/about-view.tsx')).AboutView,
        }),
        {
          loader: headOnly('About Us', 'Who we are at Bi-Cycle Store and why riders shop with us.'),
        },
      ),
      page(
        paths.contact,
        'features/static-pages/contact-view.tsx',
        async () => ({
          Component: (await import('../features/static-pages/contact-view.tsx')).ContactView,
        }),
        {
          loader: headOnly('Contact Us', 'Write to Bi-Cycle Store: questions, orders and support.'),
        },
      ),
      page(
        paths.cart,
        'features/cart/cart-view.tsx',
        async () => ({ Component: (await import('../features/cart/cart-view.tsx')).CartView }),
        { loader: headOnly('Shopping Cart') },
      ),
      page(
        paths.wishlist,
        'features/wishlist/wishlist-view.tsx',
        async () => ({
          Component: (await import('../features/wishlist/wishlist-view.tsx')).WishlistView,
        }),
        { loader: headOnly('My Wishlist') },
      ),
      page(
        paths.signIn,
        'features/auth/sign-in-page.tsx',
        async () => {
          const { SignInPage, signInAction } = await import('../features/auth/sign-in-page.tsx');
          return { Component: SignInPage, action: withStore(signInAction) };
        },
        { loader: headOnly('Sign In') },
      ),
      page(
        paths.signUp,
        'features/auth/sign-up-page.tsx',
        async () => {
          const { SignUpPage, signUpAction } = await import('../features/auth/sign-up-page.tsx');
          return { Component: SignUpPage, action: withStore(signUpAction) };
        },
        { loader: headOnly('Sign Up') },
      ),
      page(
        paths.forgotPassword,
        'features/auth/forgot-password-page.tsx',
        async () => {
          const { ForgotPasswordPage, forgotPasswordAction } =
            await import('../features/auth/forgot-password-page.tsx');
          return { Component: ForgotPasswordPage, action: withStore(forgotPasswordAction) };
        },
        { loader: headOnly('Forgot password') },
      ),
      // The address carries a secret: rendered for each request and kept by no cache.
      page(
        paths.resetPassword,
        'features/auth/reset-password-page.tsx',
        async () => {
          const { ResetPasswordPage, resetPasswordAction } =
            await import('../features/auth/reset-password-page.tsx');
          return { Component: ResetPasswordPage, action: withStore(resetPasswordAction) };
        },
        { loader: headOnly('Reset password'), private: true },
      ),
      // Rendered for each request, never kept: "Ready from" dates and the shops' hours are today's.
      page(
        paths.checkout,
        'features/checkout/checkout-page.tsx',
        async () => ({
          Component: (await import('../features/checkout/checkout-page.tsx')).CheckoutPage,
        }),
        { loader: loaders.checkout },
      ),
      // The result of a payment belongs to its signed-in owner: the server sends the frame with
      // "Checking your payment", and the result is drawn once the session is back (decision 018).
      page(
        paths.paymentSuccess,
        'features/orders/payment-success-page.tsx',
        async () => ({
          Component: (await import('../features/orders/payment-success-page.tsx'))
            .PaymentSuccessPage,
        }),
        { loader: loaders.paymentSuccess, perShopper: true },
      ),
      {
        element: <RequireAuth />,
        handle: { account: true } satisfies PageHandle,
        children: [
          page(
            paths.orders,
            'features/orders/my-orders-page.tsx',
            async () => ({
              Component: (await import('../features/orders/my-orders-page.tsx')).MyOrdersPage,
            }),
            { loader: loaders.orders },
          ),
          page(
            paths.order,
            'features/orders/order-page.tsx',
            async () => ({
              Component: (await import('../features/orders/order-page.tsx')).OrderPage,
            }),
            { loader: loaders.order },
          ),
          page(
            paths.orderReview,
            'features/reviews/review-form-page.tsx',
            async () => ({
              Component: (await import('../features/reviews/review-form-page.tsx')).ReviewFormPage,
            }),
            { loader: loaders.orderReview },
          ),
          page(
            paths.profile,
            'features/auth/profile-page.tsx',
            async () => {
              const { ProfilePage, accountAction } =
                await import('../features/auth/profile-page.tsx');
              return { Component: ProfilePage, action: withStore(accountAction) };
            },
            { loader: loaders.profile },
          ),
        ],
      },
      page(
        paths.product,
        'features/products/product-page.tsx',
        async () => {
          const [{ ProductPage }, { purchaseAction }] = await Promise.all([
            import('../features/products/product-page.tsx'),
            import('../features/products/purchase-intent.ts'),
          ]);
          return { Component: ProductPage, action: purchaseAction };
        },
        { loader: loaders.product, catalog: true },
      ),
      page(
        paths.compare,
        'features/compare/compare-page.tsx',
        async () => ({
          Component: (await import('../features/compare/compare-page.tsx')).ComparePage,
        }),
        { loader: loaders.compare, catalog: true },
      ),
      page(
        '*',
        'features/static-pages/not-found-page.tsx',
        async () => ({
          Component: (await import('../features/static-pages/not-found-page.tsx')).NotFoundPage,
        }),
        { loader: notFoundData },
      ),
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
