import { describe, expect, it } from 'vitest';
import { memoryStorage, testUser } from '#client/test/testing.tsx';
import { setCredentials } from '#client/lib/session.ts';
import * as cartActions from '#client/features/cart/cart-actions.ts';
import { selectCartItems } from '#client/features/cart/cart-slice.ts';
import { makeStore } from './store.ts';

const bike = {
  _id: 'b1',
  name: 'Avant H60',
  brand: 'Cannondale',
  category: 'Road Bike',
  price: 999,
  quantity: 5,
  imageUrl: null,
  sizes: [],
};

/** What redux-persist 6 wrote: each field JSON inside a JSON object, with its `_persist` mark. */
function writtenByRedux(fields: Record<string, unknown>): string {
  const outer: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) outer[key] = JSON.stringify(value);
  outer._persist = JSON.stringify({ version: -1, rehydrated: true });
  return JSON.stringify(outer);
}

describe('the saved session, cart and wishlist', () => {
  it('reads back what earlier versions saved, and saves in the same format', () => {
    const storage = memoryStorage();
    const user = testUser();
    storage.setItem('persist:auth', writtenByRedux({ user, token: 'Bearer abc' }));
    const { store } = makeStore(storage);
    expect(store.getState().auth).toMatchObject({ user, token: 'Bearer abc' });

    store.dispatch(setCredentials({ user, token: 'Bearer def' }));
    const saved = JSON.parse(storage.getItem('persist:auth') ?? '') as Record<string, string>;
    expect(JSON.parse(saved.token ?? '')).toBe('Bearer def');
    expect(JSON.parse(saved._persist ?? '')).toEqual({ version: -1, rehydrated: true });
  });

  it('starts afresh from a damaged entry, keeping the other slices', () => {
    const storage = memoryStorage();
    storage.setItem('persist:cart', '{"cartItems": "[{broken');
    storage.setItem('persist:wishlist', writtenByRedux({ wishlistItems: [] }));
    storage.setItem('persist:auth', writtenByRedux({ token: 'Bearer kept' }));
    const { store } = makeStore(storage);
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(store.getState().auth.token).toBe('Bearer kept');
  });

  it('reads nothing until asked when restored later, and never overwrites it before', () => {
    const storage = memoryStorage();
    const line = { ...bike, buyingQuantity: 2 };
    storage.setItem('persist:cart', writtenByRedux({ cartItems: [line] }));
    const { store, saved } = makeStore(storage, { restoreLater: true });
    expect(selectCartItems(store.getState())).toEqual([]);
    store.dispatch({ type: 'something/else' });
    expect(storage.getItem('persist:cart')).toContain('Avant H60');

    saved.restore();
    expect(selectCartItems(store.getState()).map((l) => l.buyingQuantity)).toEqual([2]);
  });

  it('keeps a change made before the saved state was read (an early Add To Cart)', () => {
    const storage = memoryStorage();
    storage.setItem('persist:cart', writtenByRedux({ cartItems: [] }));
    const { store, saved } = makeStore(storage, { restoreLater: true });
    store.dispatch(cartActions.addProductToCart(bike));
    saved.restore();
    expect(selectCartItems(store.getState()).map((l) => l.name)).toEqual(['Avant H60']);
    expect(storage.getItem('persist:cart')).toContain('Avant H60');
  });
});
