import { describe, expect, it } from 'vitest';
import { isInWishlist, wishlistAdd } from './wishlist.ts';

describe('wishlist rules', () => {
  const saved = [{ _id: 'a' }, { _id: 'b' }];

  it('adds a product that is not saved yet', () => {
    expect(wishlistAdd(saved, { _id: 'c' })).toBe('added');
  });

  it('refuses a product that is already saved', () => {
    expect(wishlistAdd(saved, { _id: 'b' })).toBe('duplicate');
  });

  it('says whether a product is saved', () => {
    expect(isInWishlist(saved, 'a')).toBe(true);
    expect(isInWishlist(saved, 'z')).toBe(false);
    expect(isInWishlist([], 'a')).toBe(false);
  });
});
