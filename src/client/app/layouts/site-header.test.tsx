import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CartDrawerHost } from '#client/features/cart/components/cart-drawer-host.tsx';
import { renderWithStore } from '#client/test/testing.tsx';
import { SiteHeader } from './site-header.tsx';

describe('the header and the cart drawer', () => {
  it('links Cart to the cart page, which a tap before the scripts ran opens', () => {
    renderWithStore(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  });

  it('gives focus back to the Cart button when the drawer closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithStore(
      <>
        <SiteHeader />
        <CartDrawerHost />
      </>,
    );
    const cart = screen.getByRole('link', { name: 'Cart' });
    cart.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Your Cart' }, { timeout: 5000 });
    await waitFor(() => {
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await waitFor(() => {
      expect(cart).toHaveFocus();
    });
  });
});
