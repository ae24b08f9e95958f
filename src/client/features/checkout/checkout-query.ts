import type { CheckoutAddress } from '#client/lib/paths.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the checkout address names its bicycle by id (a cart line) rather than by slug. */
export function namesProductById(product: string): boolean {
  return UUID.test(product);
}

/**
 * The line the checkout page's address names, or null when it names none: `product` (slug or
 * id), `size` (absent for a one-size bicycle) and `quantity` (a whole number from 1; 1 when
 * absent). What the server refuses anyway (an unknown size, more than it sells at once) is left
 * to it, with its own message: this module is in the first load, the order contract is not.
 */
export function readCheckoutQuery(search: URLSearchParams): Required<CheckoutAddress> | null {
  const product = search.get('product')?.trim() ?? '';
  if (product === '' || product.length > 200) return null;
  const rawQuantity = search.get('quantity') ?? '1';
  if (!/^\d{1,3}$/.test(rawQuantity)) return null;
  const quantity = Number(rawQuantity);
  if (quantity < 1) return null;
  const size = search.get('size')?.trim() ?? '';
  if (size.length > 16) return null;
  return { product, size: size === '' ? null : size, quantity };
}
