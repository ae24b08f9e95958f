import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterSection } from './filter-section.tsx';

describe('a section of the filter panel', () => {
  it('starts open and folds under its title', async () => {
    const user = userEvent.setup();
    render(
      <FilterSection title="Brakes">
        <fieldset>
          <legend className="sr-only">Brakes</legend>
          <input type="checkbox" aria-label="Rim" />
        </fieldset>
      </FilterSection>,
    );
    const group = screen.getByRole('group', { name: 'Brakes' });
    const details = group.closest('details');
    expect(details).toHaveAttribute('open');
    await user.click(screen.getByText('Brakes', { selector: 'summary' }));
    expect(details).not.toHaveAttribute('open');
  });
});
