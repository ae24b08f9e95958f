/** The spec's cart rules (sections 4 and 5) as pure functions; the cart slice applies them. */
export interface CartProduct {
  _id: string;
  name: string;
  brand: string;
  price: number;
  quantity: number;
  imageUrl: string | null;
  thumbnailUrl?: string | null;
}

export interface CartItem extends CartProduct {
  buyingQuantity: number;
}

export type CartOutcome =
  'added' | 'incremented' | 'decremented' | 'outOfStock' | 'noMoreStock' | 'atMinimum';

export interface CartChange {
  items: CartItem[];
  outcome: CartOutcome;
}

export function addToCart(items: readonly CartItem[], product: CartProduct): CartChange {
  if (product.quantity <= 0) return { items: [...items], outcome: 'outOfStock' };
  const existing = items.find((i) => i._id === product._id);
  if (!existing) return { items: [...items, { ...product, buyingQuantity: 1 }], outcome: 'added' };
  if (existing.buyingQuantity >= product.quantity)
    return { items: [...items], outcome: 'noMoreStock' };
  return {
    items: items.map((i) =>
      i._id === product._id ? { ...i, ...product, buyingQuantity: i.buyingQuantity + 1 } : i,
    ),
    outcome: 'incremented',
  };
}

export function incrementItem(items: readonly CartItem[], id: string): CartChange {
  const item = items.find((i) => i._id === id);
  if (!item || item.buyingQuantity >= item.quantity)
    return { items: [...items], outcome: 'noMoreStock' };
  return {
    items: items.map((i) => (i._id === id ? { ...i, buyingQuantity: i.buyingQuantity + 1 } : i)),
    outcome: 'incremented',
  };
}

export function decrementItem(items: readonly CartItem[], id: string): CartChange {
  const item = items.find((i) => i._id === id);
  if (!item || item.buyingQuantity <= 1) return { items: [...items], outcome: 'atMinimum' };
  return {
    items: items.map((i) => (i._id === id ? { ...i, buyingQuantity: i.buyingQuantity - 1 } : i)),
    outcome: 'decremented',
  };
}

export function lineTotal(item: Pick<CartItem, 'price' | 'buyingQuantity'>): number {
  return Math.round(item.price * 100 * item.buyingQuantity) / 100;
}

export function cartTotal(items: readonly Pick<CartItem, 'price' | 'buyingQuantity'>[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.price * 100 * i.buyingQuantity, 0)) / 100;
}
