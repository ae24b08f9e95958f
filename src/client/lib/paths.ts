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
  orders: '/orders',
  profile: '/me',
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
