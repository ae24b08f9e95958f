import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, nthProduct, renderWithStore, stubFetch } from '#client/test/testing.tsx';
import { ShopView } from '../shop-view.tsx';

/** A catalog of 60 bicycles, 7 of them BMX; each answer holds one card and the total. */
function fakeCatalog() {
  stubFetch((request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/v1/products') return jsonResponse(404, {});
    const total = url.searchParams.get('category') === 'BMX Bike' ? 7 : 60;
    return jsonResponse(200, {
      success: true,
      message: 'Products retrieved successfully',
      data: [nthProduct(total, 'Roadster')],
      meta: { page: 1, limit: 24, total, totalPages: Math.ceil(total / 24) },
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the filter sheet', () => {
  it('applies choices at once, counts what they give, and gives focus back on closing', async () => {
    const user = userEvent.setup();
    fakeCatalog();
    const { router } = renderWithStore(<ShopView />, { path: '/shop', initialEntry: '/shop' });
    await screen.findByText('Roadster 60');
    const opener = screen.getByRole('link', { name: 'Filters' });
    await user.click(opener);

    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Show 60 results' })).toBeInTheDocument();
    // The sidebar's copy of the panel is out of the page while the sheet holds it.
    expect(screen.getAllByRole('searchbox', { name: 'Search' })).toHaveLength(1);

    await user.click(within(sheet).getByRole('button', { name: 'BMX Bike' }));
    expect(router.state.location.search).toBe('?category=BMX+Bike');
    const show = await within(sheet).findByRole('button', { name: 'Show 7 results' });
    expect(within(sheet).getByRole('button', { name: 'Clear all' })).toBeInTheDocument();

    await user.click(show);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(opener).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Remove BMX Bike' })).toBeInTheDocument();
  });
});
