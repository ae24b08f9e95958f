import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { nthProduct, renderWithStore } from '#client/test/testing.tsx';
import { selectCartItems } from '#client/features/cart/cart-slice.ts';
import { ProductCard } from './product-card.tsx';

describe("a card's Add To Cart", () => {
  it("is a form the browser posts to the bicycle's page before the scripts have run", () => {
    renderWithStore(<ProductCard product={nthProduct(1, 'Roadster', { sizes: [] })} />);
    const add = screen.getByRole('button', { name: 'Add To Cart' });
    // The product page's action reads the intent (decision 035); a card has no size to send.
    expect(add).toHaveAttribute('type', 'submit');
    expect(add).toHaveAttribute('name', 'intent');
    expect(add).toHaveAttribute('value', 'add');
    const form = add.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/bikes/trek-roadster-1');
  });

  it('adds the bicycle where the shopper is once the scripts run', async () => {
    const user = userEvent.setup();
    const product = nthProduct(2, 'Roadster', { sizes: [], quantity: 3 });
    const { store, router } = renderWithStore(<ProductCard product={product} />, {
      path: '/shop',
      initialEntry: '/shop',
    });
    await user.click(screen.getByRole('button', { name: 'Add To Cart' }));
    expect(await screen.findByText('Item added to cart!')).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual([
      expect.objectContaining({ _id: product._id, buyingQuantity: 1 }),
    ]);
    expect(router.state.location.pathname).toBe('/shop');
  });
});

describe("a card's View Details", () => {
  it("links to the bicycle's page, and once the scripts run shows the details over the list", async () => {
    const user = userEvent.setup();
    const product = nthProduct(3, 'Roadster', { sizes: [] });
    const { router } = renderWithStore(<ProductCard product={product} />, {
      path: '/shop',
      initialEntry: '/shop',
    });
    const details = screen.getByRole('link', { name: 'View Details' });
    expect(details).toHaveAttribute('href', '/bikes/trek-roadster-3');
    await user.click(details);
    expect(
      await screen.findByRole('dialog', { name: product.name }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shop');
  });
});
