import type { Product } from '#shared/contract/product.ts';

const dashboard = '/dashboard';

/** The dashboard's sections, as its own route table names them below `/dashboard`. */
export const dashboardSections = {
  orders: 'order-management',
  users: 'user-management',
  bicycles: 'bicycle-management',
  addBicycle: 'add-bicycle',
} as const;

/** Every page address of the client; the router's patterns are built from the same strings. */
export const paths = {
  home: '/',
  shop: '/shop',
  about: '/about',
  contact: '/contact',
  cart: '/cart',
  wishlist: '/wish-list',
  signIn: '/sign-in',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  paymentSuccess: '/payment-success',
  checkout: '/checkout',
  orders: '/orders',
  profile: '/me',
  order: '/orders/:number',
  orderReview: '/orders/:number/review',
  product: '/bikes/:slug',
  compare: '/compare',
  dashboard: {
    home: dashboard,
    all: `${dashboard}/*`,
    orders: `${dashboard}/${dashboardSections.orders}`,
    users: `${dashboard}/${dashboardSections.users}`,
    bicycles: `${dashboard}/${dashboardSections.bicycles}`,
    addBicycle: `${dashboard}/${dashboardSections.addBicycle}`,
  },
} as const;

/** The page address of a product. */
export function productPath(product: Pick<Product, 'slug'>): string {
  return `/bikes/${encodeURIComponent(product.slug)}`;
}

/** The shop narrowed by its address's filters. */
export function shopPath(search: URLSearchParams): string {
  return `${paths.shop}?${search.toString()}`;
}

/** The dashboard's page for editing one bicycle. */
export function dashboardBicyclePath(id: string): string {
  return `${paths.dashboard.bicycles}/${id}`;
}

/** What the checkout page's address names: one bicycle, in one size, in a quantity. */
export interface CheckoutAddress {
  /** The product's slug (from its page) or its id (from a cart line). */
  product: string;
  size?: string | null | undefined;
  quantity: number;
}

/** The checkout page of one line: shareable, and the same after a reload. */
export function checkoutPath(line: CheckoutAddress): string {
  const query = new URLSearchParams({ product: line.product });
  if (line.size) query.set('size', line.size);
  query.set('quantity', String(line.quantity));
  return `${paths.checkout}?${query.toString()}`;
}

/** The sign-in page, coming back to `target` (a path of this store) once signed in. */
export function signInPath(target: string): string {
  return `${paths.signIn}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/** The page of one of the customer's orders, by its number ("BC-100001"). */
export function orderPath(orderNumber: string): string {
  return `/orders/${encodeURIComponent(orderNumber)}`;
}

/** The review form of one completed order. */
export function orderReviewPath(orderNumber: string): string {
  return `${orderPath(orderNumber)}/review`;
}
