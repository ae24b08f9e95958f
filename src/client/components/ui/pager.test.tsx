import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

describe('Pager', () => {
  it('offers the pages around the current one, the last and the next step', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={5} totalPages={9} onPageChange={onPageChange} numbered />);
    expect(screen.getByRole('button', { name: 'Page 9' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(6);
  });

  it('does not present the last page it knows as the end when more follow', () => {
    const { container, rerender } = render(
      <Pager page={1} totalPages={42} onPageChange={vi.fn()} numbered more />,
    );
    expect(container.textContent.endsWith('…Next')).toBe(true);
    rerender(<Pager page={1} totalPages={42} onPageChange={vi.fn()} numbered />);
    expect(container.textContent.endsWith('42Next')).toBe(true);
  });
});
