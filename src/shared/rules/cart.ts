import { findSize, isSized, onlySize, productStock, type SizeStock } from './sizes.ts';

/**
 * The spec's cart rules (sections 4 and 5) as pure functions; the cart's thunks evaluate them once
 * and the slice stores the outcome. A cart line is a product in one size: the spec's limits apply
 * per line, against that size's stock (a one-size product's line has size null and the product's
 * stock).
 */
/** What a cart line shows of its product: the product and its lines carry the same fields. */
interface CartShown {
  _id: string;
  name: string;
  brand: string;
  price: number;
  imageUrl: string | null;
  thumbnailUrl?: string | null;
}

export interface CartProduct extends CartShown {
  quantity: number;
  /** The product's sizes with their stock; empty or absent for a one-size product. */
  sizes?: readonly SizeStock[] | undefined;
}

export interface CartItem extends CartShown {
  /** The stock of this line: the size's units, or the product's for a one-size product. */
  quantity: number;
  /** The size's label; null for a one-size product (absent in carts saved before sizes). */
  size?: string | null;
  buyingQuantity: number;
}

/** What tells two cart lines apart: the product and the size. */
export interface CartLineKey {
  id: string;
  size: string | null;
}

export type CartOutcome =
  | 'added'
  | 'incremented'
  | 'decremented'
  | 'outOfStock'
  | 'noMoreStock'
  | 'atMinimum'
  | 'sizeRequired';

export interface CartChange {
  items: CartItem[];
  outcome: CartOutcome;
}

export function lineKey(item: Pick<CartItem, '_id' | 'size'>): CartLineKey {
  return { id: item._id, size: item.size ?? null };
}

/** A string naming one line, for React keys and test ids. */
export function lineId(key: CartLineKey): string {
  return key.size === null ? key.id : `${key.id}:${key.size}`;
}

export function isLine(item: Pick<CartItem, '_id' | 'size'>, key: CartLineKey): boolean {
  return item._id === key.id && (item.size ?? null) === key.size;
}

/** The stock a new line for this product and size may take; null when the size is missing. */
function lineStock(product: CartProduct, size: string | null): number | null {
  if (!isSized(product.sizes)) return product.quantity;
  if (size === null) return null;
  return findSize(product.sizes ?? [], size)?.quantity ?? 0;
}

/**
 * Adds one unit of a product in a size. A product with no stock is out of stock; otherwise a sized
 * product needs a size (`sizeRequired`) unless it has only one, which the line then carries, and
 * an unknown or sold-out size is out of stock. A one-size product ignores any size given.
 */
export function addToCart(
  items: readonly CartItem[],
  product: CartProduct,
  size: string | null = null,
): CartChange {
  // A bicycle sold out in every size is out of stock whatever size is asked for (the spec's toast).
  if (productStock(product) <= 0) return { items: [...items], outcome: 'outOfStock' };
  const sized = isSized(product.sizes);
  const label = sized ? (size ?? onlySize(product.sizes)) : null;
  const stock = lineStock(product, label);
  if (stock === null) return { items: [...items], outcome: 'sizeRequired' };
  if (stock <= 0) return { items: [...items], outcome: 'outOfStock' };
  const key: CartLineKey = { id: product._id, size: label };
  const fields = {
    _id: product._id,
    name: product.name,
    brand: product.brand,
    price: product.price,
    quantity: stock,
    imageUrl: product.imageUrl,
    thumbnailUrl: product.thumbnailUrl ?? null,
    size: label,
  };
  const existing = items.find((i) => isLine(i, key));
  if (!existing) return { items: [...items, { ...fields, buyingQuantity: 1 }], outcome: 'added' };
  if (existing.buyingQuantity >= stock) return { items: [...items], outcome: 'noMoreStock' };
  return {
    items: items.map((i) =>
      isLine(i, key) ? { ...i, ...fields, buyingQuantity: i.buyingQuantity + 1 } : i,
    ),
    outcome: 'incremented',
  };
}

export function incrementItem(items: readonly CartItem[], key: CartLineKey): CartChange {
  const item = items.find((i) => isLine(i, key));
  if (!item || lineLimits(item).atMax) return { items: [...items], outcome: 'noMoreStock' };
  return {
    items: items.map((i) => (isLine(i, key) ? { ...i, buyingQuantity: i.buyingQuantity + 1 } : i)),
    outcome: 'incremented',
  };
}

export function decrementItem(items: readonly CartItem[], key: CartLineKey): CartChange {
  const item = items.find((i) => isLine(i, key));
  if (!item || lineLimits(item).atMin) return { items: [...items], outcome: 'atMinimum' };
  return {
    items: items.map((i) => (isLine(i, key) ? { ...i, buyingQuantity: i.buyingQuantity - 1 } : i)),
    outcome: 'decremented',
  };
}

/** Whether a line is at its limits: a step past them is refused, and the quantity control dims. */
export function lineLimits(item: Pick<CartItem, 'buyingQuantity' | 'quantity'>): {
  atMin: boolean;
  atMax: boolean;
} {
  return { atMin: item.buyingQuantity <= 1, atMax: item.buyingQuantity >= item.quantity };
}

export function lineTotal(item: Pick<CartItem, 'price' | 'buyingQuantity'>): number {
  return Math.round(item.price * 100 * item.buyingQuantity) / 100;
}

export function cartTotal(items: readonly Pick<CartItem, 'price' | 'buyingQuantity'>[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.price * 100 * i.buyingQuantity, 0)) / 100;
}
