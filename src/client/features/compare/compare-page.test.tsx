import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import { selectCartItems } from '../cart/cart-slice.ts';
import { writeRiderFit } from '../products/fit/rider-fit-storage.ts';
import {
  errorResponse,
  nthProduct,
  okResponse,
  renderWithStore,
  stubFetch,
} from '#client/test/testing.tsx';
import { ComparePage } from './compare-page.tsx';

const mountain = nthProduct(1, 'Roscoe', {
  price: 1200,
  specs: { frameMaterial: 'Aluminium', wheelSize: '29"' },
  sizes: [
    {
      label: 'M',
      quantity: 2,
      minHeightCm: 165,
      maxHeightCm: 177,
      geometry: { stackMm: 614, reachMm: 450, headAngleDeg: 65.5 },
    },
    {
      label: 'L',
      quantity: 0,
      minHeightCm: 175,
      maxHeightCm: 186,
      geometry: { stackMm: 628, reachMm: 475, headAngleDeg: 65.5 },
    },
  ],
});
const trail = nthProduct(2, 'Fuel', {
  price: 1200,
  specs: { frameMaterial: 'Carbon', wheelSize: '29"' },
  sizes: [
    {
      label: 'M',
      quantity: 1,
      minHeightCm: 166,
      maxHeightCm: 178,
      geometry: { stackMm: 620, reachMm: 450, headAngleDeg: 65.5 },
    },
  ],
});
const kids = nthProduct(3, 'Precaliber', { price: 300, quantity: 4, category: 'Kids Bicycles' });

function serve(products: Product[]) {
  stubFetch((request) => {
    const slug = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
    const product = products.find((p) => p.slug === slug);
    return product ? okResponse(product) : errorResponse(404, 'Product not found', 'NOT_FOUND');
  });
}

const open = (query: string) =>
  renderWithStore(<ComparePage />, { path: '/compare', initialEntry: `/compare?${query}` });

function rowCells(name: RegExp | string): string[] {
  const header = screen.getByRole('rowheader', { name });
  const row = header.closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('ComparePage', () => {
  beforeEach(() => {
    serve([mountain, trail, kids]);
  });

  it('lays the bicycles side by side and highlights only the rows that differ', async () => {
    open(`bikes=${mountain.slug},${trail.slug}`);
    expect(await screen.findByRole('link', { name: mountain.name })).toBeInTheDocument();
    expect(rowCells('Price')).toEqual(['$1,200.00', '$1,200.00']);
    expect(screen.getByRole('rowheader', { name: 'Price' }).closest('tr')).not.toHaveAttribute(
      'data-differs',
    );
    expect(rowCells(/^Frame material/)).toEqual(['Aluminium', 'Carbon']);
    expect(screen.getByRole('rowheader', { name: 'Frame material (differs)' })).toBeInTheDocument();
    expect(rowCells(/^Sizes in stock/)).toEqual(['M', 'M']);
    // The first size in stock is shown until the shopper picks another.
    expect(rowCells(/^Stack/)).toEqual(['614 mm', '620 mm']);
    expect(screen.getByRole('rowheader', { name: 'Reach' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Head angle' })).toBeInTheDocument();

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: `Size of ${mountain.name}` }),
      'L',
    );
    expect(rowCells(/^Reach/)).toEqual(['475 mm', '450 mm']);
    expect(screen.getByRole('rowheader', { name: 'Reach (differs)' })).toBeInTheDocument();
  });

  it('marks the rider’s size per bicycle when their measurements are known', async () => {
    writeRiderFit({ riderHeightCm: 180, inseamCm: null });
    open(`bikes=${mountain.slug},${trail.slug},${kids.slug}`);
    await screen.findByRole('link', { name: kids.name });
    expect(rowCells(/^Your size/)).toEqual(['Your size: L', expect.any(String), '–']);
    expect(
      within(screen.getByRole('combobox', { name: `Size of ${mountain.name}` })).getByRole(
        'option',
        { name: 'L (your size) (sold out)', selected: true },
      ),
    ).toBeInTheDocument();
  });

  it('leaves out unknown bicycles with a note, and compares only the first four', async () => {
    open('bikes=nope,a2,a3,a4,a5');
    expect(
      await screen.findByText(/We could not find “nope”, “a2”, “a3”, “a4”/),
    ).toBeInTheDocument();
    expect(screen.getByText('Only the first 4 bicycles are compared.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('adds the shown size to the cart', async () => {
    const { store } = open(`bikes=${mountain.slug},${kids.slug}`);
    await userEvent.click(
      await screen.findByRole('button', { name: `Add To Cart: ${mountain.name}` }),
    );
    await userEvent.click(screen.getByRole('button', { name: `Add To Cart: ${kids.name}` }));
    expect(selectCartItems(store.getState()).map((line) => [line._id, line.size ?? null])).toEqual([
      [mountain._id, 'M'],
      [kids._id, null],
    ]);
  });
});
