import { describe, expect, it } from 'vitest';
import { cartMessages } from '#shared/messages/cart.ts';
import type { CartLineKey, CartProduct } from '#shared/rules/cart.ts';
import { makeStore } from '#client/app/store.ts';
import { memoryStorage } from '#client/test/testing.tsx';
import * as cartActions from './cart-actions.ts';
import { selectCartItems, selectCartLineCount, toggleCartDrawer } from './cart-slice.ts';

const bike: CartProduct = {
  _id: 'b1',
  name: 'Avant H60',
  brand: 'Orbea',
  price: 1799,
  quantity: 2,
  imageUrl: null,
};
const bikeLine: CartLineKey = { id: bike._id, size: null };
const soldOut: CartProduct = { ...bike, _id: 'b2', name: 'Endurace 6', quantity: 0 };

function setup() {
  const { store } = makeStore(memoryStorage());
  const quantities = () => selectCartItems(store.getState()).map((i) => i.buyingQuantity);
  return { store, quantities };
}

describe('cart changes and their toasts', () => {
  it('adding a new product appends one unit and says "Item added to cart!"', () => {
    const { store, quantities } = setup();
    expect(store.dispatch(cartActions.addProductToCart(bike))).toEqual({
      kind: 'success',
      text: cartMessages.added,
    });
    expect(quantities()).toEqual([1]);
    expect(selectCartLineCount(store.getState())).toBe(1);
  });

  it('adding a product already in the cart adds a unit while below stock', () => {
    const { store, quantities } = setup();
    store.dispatch(cartActions.addProductToCart(bike));
    expect(store.dispatch(cartActions.addProductToCart(bike))).toEqual({
      kind: 'success',
      text: cartMessages.added,
    });
    expect(quantities()).toEqual([2]);
  });

  it('adding beyond stock is refused with "No more stock available!"', () => {
    const { store, quantities } = setup();
    store.dispatch(cartActions.addProductToCart(bike));
    store.dispatch(cartActions.addProductToCart(bike));
    expect(store.dispatch(cartActions.addProductToCart(bike))).toEqual({
      kind: 'error',
      text: 'No more stock available!',
    });
    expect(quantities()).toEqual([2]);
  });

  it('adding an out-of-stock product is refused with the out-of-stock toast', () => {
    const { store, quantities } = setup();
    expect(store.dispatch(cartActions.addProductToCart(soldOut))).toEqual({
      kind: 'error',
      text: 'This item is out of stock. Check similar products or try again later.',
    });
    expect(quantities()).toEqual([]);
  });

  // The bicycle has 2 in stock: from `start` units one step reaches a bound, the next is refused.
  it.each([
    {
      name: 'increasing works below stock silently and is refused at stock with "No more stock available!"',
      start: 1,
      step: cartActions.increaseInCart,
      bound: 2,
      refusal: 'No more stock available!',
    },
    {
      name: 'decreasing works above 1 silently and is refused at 1 with "You cannot reduce below 1. Remove item instead."',
      start: 2,
      step: cartActions.decreaseInCart,
      bound: 1,
      refusal: 'You cannot reduce below 1. Remove item instead.',
    },
  ])('$name', ({ start, step, bound, refusal }) => {
    const { store, quantities } = setup();
    store.dispatch(cartActions.addProductToCart(bike));
    for (let units = 1; units < start; units += 1)
      store.dispatch(cartActions.increaseInCart(bikeLine));
    expect(store.dispatch(step(bikeLine))).toBeNull();
    expect(quantities()).toEqual([bound]);
    expect(store.dispatch(step(bikeLine))).toEqual({ kind: 'error', text: refusal });
    expect(quantities()).toEqual([bound]);
  });

  it('removing deletes the line and says "Item removed from cart!"', () => {
    const { store, quantities } = setup();
    store.dispatch(cartActions.addProductToCart(bike));
    expect(store.dispatch(cartActions.removeFromCart(bikeLine))).toEqual({
      kind: 'success',
      text: 'Item removed from cart!',
    });
    expect(quantities()).toEqual([]);
  });

  it('clearing empties the cart and says "Cart cleared!"', () => {
    const { store, quantities } = setup();
    store.dispatch(cartActions.addProductToCart(bike));
    store.dispatch(cartActions.addProductToCart({ ...bike, _id: 'b3', quantity: 9 }));
    expect(store.dispatch(cartActions.emptyCart())).toEqual({
      kind: 'success',
      text: 'Cart cleared!',
    });
    expect(quantities()).toEqual([]);
  });

  it('toggle flips the drawer', () => {
    const { store } = setup();
    expect(store.getState().cart.showCartDrawer).toBe(false);
    store.dispatch(toggleCartDrawer());
    expect(store.getState().cart.showCartDrawer).toBe(true);
    store.dispatch(toggleCartDrawer());
    expect(store.getState().cart.showCartDrawer).toBe(false);
  });

  it('the cart survives a reload: it is saved under persist:cart and restored', () => {
    const storage = memoryStorage();
    const first = makeStore(storage);
    first.store.dispatch(cartActions.addProductToCart(bike));
    first.store.dispatch(toggleCartDrawer());
    const saved = JSON.parse(storage.getItem('persist:cart') ?? '{}') as Record<string, string>;
    expect(saved.cartItems).toContain('Avant H60');
    // The drawer opens closed on the next visit.
    expect(saved).not.toHaveProperty('showCartDrawer');

    const second = makeStore(storage);
    expect(second.store.getState().cart.showCartDrawer).toBe(false);
    expect(selectCartItems(second.store.getState()).map((i) => i.name)).toEqual(['Avant H60']);
  });

  it('a cart saved before sizes (lines without size) loads and still steps', () => {
    const storage = memoryStorage();
    const saved = [{ ...bike, buyingQuantity: 1 }];
    storage.setItem(
      'persist:cart',
      JSON.stringify({
        cartItems: JSON.stringify(saved),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    const { store } = makeStore(storage);
    expect(store.dispatch(cartActions.increaseInCart(bikeLine))).toBeNull();
    expect(selectCartItems(store.getState()).map((i) => i.buyingQuantity)).toEqual([2]);
  });

  it('a sized product needs a size, and each size is its own line with its own stock', () => {
    const { store, quantities } = setup();
    const sized = {
      ...bike,
      _id: 'b9',
      quantity: 3,
      sizes: [
        { label: 'M', quantity: 1 },
        { label: 'L', quantity: 2 },
      ],
    };
    expect(store.dispatch(cartActions.addProductToCart(sized))).toEqual({
      kind: 'error',
      text: 'Choose a size',
    });
    expect(store.dispatch(cartActions.addProductToCart(sized, 'M'))).toEqual({
      kind: 'success',
      text: 'Item added to cart!',
    });
    expect(store.dispatch(cartActions.addProductToCart(sized, 'L'))?.kind).toBe('success');
    expect(store.dispatch(cartActions.increaseInCart({ id: 'b9', size: 'M' }))?.text).toBe(
      'No more stock available!',
    );
    expect(store.dispatch(cartActions.increaseInCart({ id: 'b9', size: 'L' }))).toBeNull();
    expect(quantities()).toEqual([1, 2]);
    expect(selectCartItems(store.getState()).map((i) => i.size)).toEqual(['M', 'L']);
    store.dispatch(cartActions.removeFromCart({ id: 'b9', size: 'M' }));
    expect(selectCartItems(store.getState()).map((i) => i.size)).toEqual(['L']);
  });
});
