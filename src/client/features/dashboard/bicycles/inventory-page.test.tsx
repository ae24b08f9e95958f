import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import type { InventoryItem } from '#shared/contract/stock.ts';
import {
  jsonResponse,
  renderWithStore,
  stubFetch,
  testAdmin,
  testProduct,
} from '#client/test/testing.tsx';
import { InventoryPage } from './inventory-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/dashboard/bicycle-management';

const sized: InventoryItem = {
  ...testProduct({
    _id: '00000000-0000-4000-8000-000000000001',
    name: 'Marlin 7',
    quantity: 7,
    sizes: [
      { label: 'S', quantity: 3, minHeightCm: 150, maxHeightCm: 165 },
      { label: 'M', quantity: 4, minHeightCm: 165, maxHeightCm: 178 },
    ],
  }),
  etag: '"v1"',
};
const oneSize: InventoryItem = {
  ...testProduct({
    _id: '00000000-0000-4000-8000-000000000002',
    name: 'Domane AL 2',
    category: 'Road Bicycle',
    quantity: 0,
    inStock: false,
    price: 1099,
  }),
  etag: '"w1"',
};

function page(items: InventoryItem[], pageNumber = 1) {
  return jsonResponse(200, {
    success: true,
    message: 'ok',
    data: items,
    meta: { page: pageNumber, limit: 25, total: 60, totalPages: 3 },
  });
}

function render(entry = PATH) {
  return renderWithStore(<InventoryPage />, { user: testAdmin(), path: PATH, initialEntry: entry });
}

describe('the inventory table', () => {
  it('shows every bicycle with its stock per size and stock class, from the address’s filters', async () => {
    const fetch = stubFetch((request) =>
      new URL(request.url).pathname.endsWith('/products/inventory')
        ? page([sized, oneSize], 2)
        : jsonResponse(404, {}),
    );
    render(
      `${PATH}?category=Mountain+Bike&stock=lowStock&sort=-price&page=2&searchTerm=marl&size=M`,
    );
    const table = await screen.findByRole('table', { name: 'Inventory' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1] as HTMLElement).getByRole('img', { name: 'Trek Marlin 7' }),
    ).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByLabelText('Stock of Marlin 7, size M')).toHaveValue(
      '4',
    );
    expect(within(rows[1] as HTMLElement).getByText('In stock')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByLabelText('Stock of Domane AL 2')).toHaveValue('0');
    expect(within(rows[2] as HTMLElement).getByText('Out of stock')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('$1,099.00')).toBeInTheDocument();
    const sent = new URL((fetch.mock.calls[0]?.[0] as Request).url).searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      page: '2',
      limit: '25',
      sort: '-price',
      searchTerm: 'marl',
      category: 'Mountain Bike',
      stock: 'lowStock',
      size: 'M',
    });
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByLabelText('Category')).toHaveValue('Mountain Bike');
    expect(screen.getByLabelText('Search bicycles')).toHaveValue('marl');
  });

  it('sorts by a column and filters through the address, back at page 1', async () => {
    stubFetch(() => page([sized, oneSize], 2));
    const { router } = render(`${PATH}?page=2`);
    await screen.findByRole('table', { name: 'Inventory' });
    await userEvent.click(screen.getByRole('button', { name: /^Brand/ }));
    expect(router.state.location.search).toBe('?sort=brand');
    await userEvent.click(screen.getByRole('button', { name: /^Brand/ }));
    expect(router.state.location.search).toBe('?sort=-brand');
    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'Low stock');
    expect(router.state.location.search).toBe('?stock=lowStock&sort=-brand');
    await userEvent.type(screen.getByLabelText('Search bicycles'), 'domane{Enter}');
    expect(router.state.location.search).toBe('?searchTerm=domane&stock=lowStock&sort=-brand');
    // The answer says page 2 of 3: Next asks for page 3, keeping the filters.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe(
      '?searchTerm=domane&stock=lowStock&sort=-brand&page=3',
    );
  });

  it('saves a size’s stock in place with the row’s ETag', async () => {
    const patches: { body: unknown; ifMatch: string | null }[] = [];
    stubFetch(async (request) => {
      if (request.method === 'PATCH') {
        patches.push({ body: await request.json(), ifMatch: request.headers.get('if-match') });
        const product: Product = {
          ...sized,
          sizes: [
            sized.sizes?.[0] ?? { label: 'S', quantity: 3, minHeightCm: 150, maxHeightCm: 165 },
            { label: 'M', quantity: 9, minHeightCm: 165, maxHeightCm: 178 },
          ],
          quantity: 12,
        };
        return new Response(JSON.stringify({ success: true, message: 'ok', data: product }), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"v2"' },
        });
      }
      return page([sized]);
    });
    render();
    const box = await screen.findByLabelText('Stock of Marlin 7, size M');
    await userEvent.clear(box);
    await userEvent.type(box, '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock of Marlin 7, size M' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({ body: { size: 'M', quantity: 9 }, ifMatch: '"v1"' });
    expect(await screen.findByText('Marlin 7 M: stock 9')).toBeInTheDocument();
  });

  it('shows what changed when the bicycle changed meanwhile, and reloads that row', async () => {
    let current: InventoryItem = sized;
    stubFetch((request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'PATCH')
        return jsonResponse(412, {
          success: false,
          code: 'PRECONDITION_FAILED',
          message: 'changed',
          details: [
            { path: 'stock.S', message: '1' },
            { path: 'stock.M', message: '4' },
          ],
        });
      if (path.endsWith(`/products/${sized._id}`))
        return new Response(JSON.stringify({ success: true, message: 'ok', data: current }), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"v3"' },
        });
      return page([sized]);
    });
    render();
    const box = await screen.findByLabelText('Stock of Marlin 7, size M');
    await userEvent.clear(box);
    await userEvent.type(box, '6{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Size S: 3 → 1');
    current = {
      ...sized,
      quantity: 5,
      sizes: [
        { label: 'S', quantity: 1, minHeightCm: 150, maxHeightCm: 165 },
        { label: 'M', quantity: 4, minHeightCm: 165, maxHeightCm: 178 },
      ],
    };
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload this bicycle' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Stock of Marlin 7, size S')).toHaveValue('1'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens a bicycle’s stock history', async () => {
    stubFetch((request) =>
      new URL(request.url).pathname.endsWith('/stock-ledger')
        ? jsonResponse(200, {
            success: true,
            message: 'ok',
            data: [
              {
                _id: '2',
                at: '2026-01-02T10:00:00.000Z',
                size: 'M',
                change: -1,
                quantityAfter: 4,
                reason: 'order',
                orderNumber: 'BC-100007',
                by: 'Rita Rider',
                note: null,
              },
            ],
            meta: { page: 1, limit: 20, total: 1, totalPages: 1 },
          })
        : page([sized]),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Stock history of Marlin 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stock history: Trek Marlin 7' });
    expect(await within(dialog).findByText('BC-100007')).toBeInTheDocument();
    expect(within(dialog).getByText('Rita Rider')).toBeInTheDocument();
    expect(within(dialog).getByText('-1')).toBeInTheDocument();
  });
});
