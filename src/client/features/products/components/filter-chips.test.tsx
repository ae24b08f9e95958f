import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { initialShopUrlFilters, shopFiltersFromSearchParams } from '#shared/rules/filters.ts';
import { chooseCategory, resetFilters, toggleFacetValue } from '../filters-slice.ts';
import { FilterChips } from './filter-chips.tsx';

const filters = shopFiltersFromSearchParams(
  new URLSearchParams('category=Road+Bicycle&frameMaterial=Carbon&sort=price'),
);

const inShop = (ui: ReactNode) =>
  render(<MemoryRouter initialEntries={['/shop']}>{ui}</MemoryRouter>);

describe('the chips of the filters in force', () => {
  it('are not there while no filter is', () => {
    inShop(<FilterChips filters={initialShopUrlFilters} change={vi.fn()} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('link to the shop without the filter each removes, and without any for Clear all', () => {
    inShop(<FilterChips filters={filters} change={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Remove Frame material: Carbon' })).toHaveAttribute(
      'href',
      '/shop?category=Road+Bicycle&sort=price',
    );
    expect(screen.getByRole('link', { name: 'Remove Road Bicycle' })).toHaveAttribute(
      'href',
      '/shop?frameMaterial=Carbon&sort=price',
    );
    // The order the shopper picked is not a filter: it stays.
    expect(screen.getByRole('link', { name: 'Clear all' })).toHaveAttribute(
      'href',
      '/shop?sort=price',
    );
  });

  it('are links named for the filter each removes, with Clear all', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    inShop(<FilterChips filters={filters} change={change} />);
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(list).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Remove Frame material: Carbon' }));
    expect(change).toHaveBeenLastCalledWith(
      toggleFacetValue({ facet: 'frameMaterial', value: 'Carbon' }),
    );
    await user.click(screen.getByRole('link', { name: 'Remove Road Bicycle' }));
    expect(change).toHaveBeenLastCalledWith(chooseCategory('Road Bicycle'));
    await user.click(screen.getByRole('link', { name: 'Clear all' }));
    expect(change).toHaveBeenLastCalledWith(resetFilters());
  });
});
