import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { initialShopFilters, shopFiltersFromSearchParams } from '#shared/rules/filters.ts';
import { chooseCategory, resetFilters, toggleFacetValue } from '../filters-slice.ts';
import { FilterChips } from './filter-chips.tsx';

const filters = shopFiltersFromSearchParams(
  new URLSearchParams('category=Road+Bicycle&frameMaterial=Carbon'),
);

describe('the chips of the filters in force', () => {
  it('are not there while no filter is', () => {
    const { container } = render(<FilterChips filters={initialShopFilters} change={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('are buttons named for the filter each removes, with Clear all', async () => {
    const user = userEvent.setup();
    const change = vi.fn();
    render(<FilterChips filters={filters} change={change} />);
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(list).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Frame material: Carbon' }));
    expect(change).toHaveBeenLastCalledWith(
      toggleFacetValue({ facet: 'frameMaterial', value: 'Carbon' }),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Road Bicycle' }));
    expect(change).toHaveBeenLastCalledWith(chooseCategory('Road Bicycle'));
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(change).toHaveBeenLastCalledWith(resetFilters());
  });
});
