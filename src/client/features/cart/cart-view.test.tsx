import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { makeStore } from '#client/app/store.ts';
import { memoryStorage } from '#client/test/testing.tsx';
import { addProductToCart } from './cart-actions.ts';
import { CartView } from './cart-view.tsx';

type Store = ReturnType<typeof makeStore>['store'];

const avant = {
  _id: 'a',
  name: 'Avant H60',
  brand: 'Orbea',
  price: 1799.5,
  quantity: 2,
  imageUrl: null,
};

/** The cart page on a fresh store, after `fill` has put bicycles in the cart. */
function renderCart(
  fill: (store: Store) => void = (store) => store.dispatch(addProductToCart(avant)),
) {
  const { store } = makeStore(memoryStorage());
  fill(store);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <CartView />
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('cart page', () => {
  it('shows the spec columns and totals with 2 decimals in dollars', () => {
    renderCart();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Product', 'Quantity', 'Total Price', 'Actions']);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$1,799.50');
  });

  it('answers the dimmed buttons at the limits with the spec toasts', async () => {
    const user = userEvent.setup();
    renderCart();
    const row = screen.getByRole('row', { name: /Avant H60/ });
    await user.click(within(row).getByRole('button', { name: 'Decrease quantity' }));
    expect(
      await screen.findByText('You cannot reduce below 1. Remove item instead.'),
    ).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(within(row).getByLabelText('Quantity')).toHaveTextContent('2');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$3,599.00');
    await user.click(within(row).getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('No more stock available!')).toBeInTheDocument();
    expect(within(row).getByLabelText('Quantity')).toHaveTextContent('2');
  });

  it.each([
    [
      'removes a line with a toast and then shows the empty state',
      'Remove item',
      'Item removed from cart!',
    ],
    ['clears the whole cart with "Cart cleared!"', 'Clear Cart', 'Cart cleared!'],
  ])('%s', async (_name, button, toastText) => {
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(toastText)).toBeInTheDocument();
    expect(screen.getByText('No items in cart')).toBeInTheDocument();
  });

  it('shows each size as its own line, with "Size: M", stepping within that size stock', async () => {
    const user = userEvent.setup();
    const marlin = {
      _id: 'm',
      name: 'Marlin 5',
      brand: 'Trek',
      price: 650,
      quantity: 3,
      imageUrl: null,
      sizes: [
        { label: 'M', quantity: 1 },
        { label: 'L', quantity: 2 },
      ],
    };
    renderCart((store) => {
      store.dispatch(addProductToCart(marlin, 'M'));
      store.dispatch(addProductToCart(marlin, 'L'));
    });
    const rows = screen.getAllByRole('row', { name: /Marlin 5/ });
    expect(rows.map((r) => within(r).getByText(/^Size:/).textContent)).toEqual([
      'Size: M',
      'Size: L',
    ]);
    const [m, l] = rows;
    if (!m || !l) throw new Error('two lines expected');
    await user.click(within(l).getByRole('button', { name: 'Increase quantity' }));
    expect(within(l).getByLabelText('Quantity')).toHaveTextContent('2');
    await user.click(within(m).getByRole('button', { name: 'Increase quantity' }));
    expect(await screen.findByText('No more stock available!')).toBeInTheDocument();
    expect(within(m).getByLabelText('Quantity')).toHaveTextContent('1');
  });
});
