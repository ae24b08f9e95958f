import { describe, expect, it } from 'vitest';
import { makeStore } from '#client/app/store.ts';
import { memoryStorage } from '#client/test/testing.tsx';
import {
  addProductToWishlist,
  removeProductFromWishlist,
  toggleWishlist,
} from './wishlist-actions.ts';
import { selectWishlistCount, selectWishlistItems, type WishlistItem } from './wishlist-slice.ts';

const item: WishlistItem = {
  _id: 'w1',
  name: 'Marlin 5',
  brand: 'Trek',
  imageUrl: null,
  price: 699.99,
  inStock: true,
};

function setup() {
  const storage = memoryStorage();
  const { store } = makeStore(storage);
  const ids = () => selectWishlistItems(store.getState()).map((i) => i._id);
  return { store, storage, ids };
}

describe('wishlist changes and their toasts', () => {
  it('adding a product says "Added to your wishlist!"', () => {
    const { store, ids } = setup();
    expect(store.dispatch(addProductToWishlist(item))).toEqual({
      kind: 'success',
      text: 'Added to your wishlist!',
    });
    expect(ids()).toEqual(['w1']);
    expect(selectWishlistCount(store.getState())).toBe(1);
  });

  it('adding a product already there is refused with "Product already in your wishlist!"', () => {
    const { store, ids } = setup();
    store.dispatch(addProductToWishlist(item));
    expect(store.dispatch(addProductToWishlist({ ...item, name: 'changed' }))).toEqual({
      kind: 'error',
      text: 'Product already in your wishlist!',
    });
    expect(ids()).toEqual(['w1']);
  });

  it('removing deletes by _id and says "Removed from your wishlist!"', () => {
    const { store, ids } = setup();
    store.dispatch(addProductToWishlist(item));
    store.dispatch(addProductToWishlist({ ...item, _id: 'w2' }));
    expect(store.dispatch(removeProductFromWishlist('w1'))).toEqual({
      kind: 'success',
      text: 'Removed from your wishlist!',
    });
    expect(ids()).toEqual(['w2']);
  });

  it('the toggle adds when absent and removes when present', () => {
    const { store, ids } = setup();
    expect(store.dispatch(toggleWishlist(item)).text).toBe('Added to your wishlist!');
    expect(ids()).toEqual(['w1']);
    expect(store.dispatch(toggleWishlist(item)).text).toBe('Removed from your wishlist!');
    expect(ids()).toEqual([]);
  });

  it('is saved under persist:wishlist', () => {
    const { store, storage } = setup();
    store.dispatch(addProductToWishlist(item));
    expect(storage.getItem('persist:wishlist')).toContain('Marlin 5');
  });
});
