import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, testProduct } from '#client/test/testing.tsx';
import { writeRiderFit } from '../fit/rider-fit-storage.ts';
import { GeometryTable } from './geometry-table.tsx';

const product = testProduct({
  sizes: [
    {
      label: 'S',
      quantity: 1,
      minHeightCm: 155,
      maxHeightCm: 167,
      geometry: { stackMm: 605, reachMm: 425, headAngleDeg: 65.5 },
    },
    {
      label: 'M',
      quantity: 1,
      minHeightCm: 165,
      maxHeightCm: 177,
      geometry: { stackMm: 614, reachMm: 450, headAngleDeg: 65 },
    },
    { label: 'L', quantity: 0, minHeightCm: 175, maxHeightCm: 186 },
  ],
});

describe('GeometryTable', () => {
  it('lays the sizes in columns and a measurement a row, with units, and "–" where none is stated', () => {
    renderWithStore(<GeometryTable product={product} />);
    const table = screen.getByRole('table', { name: 'Frame geometry by size' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Size', 'S', 'M', 'L']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Stack (mm)',
      'Reach (mm)',
      'Head angle (°)',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(rows[0] as HTMLElement)).toEqual(['605', '614', '–']);
    expect(cells(rows[2] as HTMLElement)).toEqual(['65.5', '65', '–']);
    expect(screen.queryByText('Your size')).toBeNull();
  });

  it('highlights the rider’s size once their measurements are known', () => {
    writeRiderFit({ riderHeightCm: 172, inseamCm: null });
    renderWithStore(<GeometryTable product={product} />);
    const yours = screen.getByRole('columnheader', { name: /^M\s*Your size$/ });
    expect(yours).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('columnheader', { name: 'S' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText(/Your size is highlighted/)).toBeInTheDocument();
  });

  it('shows nothing for a bicycle whose sizes state no geometry', () => {
    const { container } = renderWithStore(
      <GeometryTable
        product={testProduct({
          sizes: [{ label: 'M', quantity: 1, minHeightCm: 160, maxHeightCm: 180 }],
        })}
      />,
    );
    expect(container.querySelector('table')).toBeNull();
  });
});
