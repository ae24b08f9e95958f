import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore, testAdmin, testProduct } from '#client/test/testing.tsx';
import { UpdateBicyclePage } from './update-bicycle-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const loaded = testProduct({
  imageUrl: 'http://store.test/uploads/0123456789abcdef0123456789abcdef.webp',
  thumbnailUrl: 'http://store.test/uploads/0123456789abcdef0123456789abcdef-thumb.webp',
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * The product API as the server answers it: GET sends the product with its ETag; PUT saves only
 * with the current ETag in If-Match and answers 412 otherwise. `sellStock` is a shopper buying
 * while the admin edits.
 */
function productServer() {
  let current = { product: loaded, etag: '"v1"' };
  const puts: { ifMatch: string | null; form: FormData }[] = [];
  const path = `/api/v1/products/${loaded._id}`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname !== path)
        return json(500, { success: false, message: 'unexpected', code: 'TEST' });
      if (request.method === 'GET')
        return json(
          200,
          { success: true, message: 'ok', data: current.product },
          { etag: current.etag },
        );
      const form = await request.formData();
      const ifMatch = request.headers.get('if-match');
      puts.push({ ifMatch, form });
      if (ifMatch !== current.etag)
        return json(412, {
          success: false,
          code: 'PRECONDITION_FAILED',
          message: 'This bicycle has changed since it was loaded.',
        });
      current = {
        product: {
          ...current.product,
          price: Number(form.get('price')),
          quantity: Number(form.get('quantity')),
        },
        etag: `"v${String(puts.length + 1)}"`,
      };
      return json(
        200,
        { success: true, message: 'ok', data: current.product },
        { etag: current.etag },
      );
    }),
  );
  return {
    puts,
    sellStock(units: number, newPrice: number) {
      current = {
        product: {
          ...current.product,
          quantity: current.product.quantity - units,
          price: newPrice,
        },
        etag: '"v-sold"',
      };
    },
  };
}

function renderEditor() {
  return renderWithStore(<UpdateBicyclePage />, {
    user: testAdmin(),
    path: '/dashboard/bicycle-management/:id',
    initialEntry: `/dashboard/bicycle-management/${loaded._id}`,
    routes: [{ path: '/dashboard/bicycle-management', element: <p>All products</p> }],
  }).router;
}

describe('editing a bicycle that changes meanwhile', () => {
  it('sends the ETag it loaded, shows what changed on 412, and reloads the fresh values', async () => {
    const server = productServer();
    const user = userEvent.setup();
    const router = renderEditor();

    const price = await screen.findByLabelText('Price');
    expect(price).toHaveValue(899.99);
    expect(screen.getByLabelText('Quantity')).toHaveValue(5);

    // Customers buy 3 while the admin edits the price.
    server.sellStock(3, 950);
    await user.clear(price);
    await user.type(price, '799.99');
    await user.click(screen.getByRole('button', { name: 'Update Bicycle' }));

    const notice = await screen.findByRole('alert');
    // The notice shows at once; what changed follows when the fresh values have arrived.
    await waitFor(() => {
      expect(notice).toHaveTextContent(
        'This bicycle changed while you were editing: stock 5 → 2, price $899.99 → $950.00.',
      );
    });
    expect(server.puts).toHaveLength(1);
    expect(server.puts[0]?.ifMatch).toBe('"v1"');
    expect(server.puts[0]?.form.get('quantity')).toBe('5');
    // Nothing is thrown away until the admin asks.
    expect(screen.getByLabelText('Price')).toHaveValue(799.99);
    expect(screen.queryByText('Failed to update product')).toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Price')).toHaveValue(950);
    expect(screen.getByLabelText('Quantity')).toHaveValue(2);

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '799.99');
    await user.click(screen.getByRole('button', { name: 'Update Bicycle' }));
    expect(await screen.findByText('Product updated successfully')).toBeVisible();
    expect(server.puts.map((p) => p.ifMatch)).toEqual(['"v1"', '"v-sold"']);
    expect(server.puts[1]?.form.get('quantity')).toBe('2');
    expect(server.puts[1]?.form.get('imageUrl')).toBe(loaded.imageUrl);
    expect(router.state.location.pathname).toBe('/dashboard/bicycle-management');
  });

  it('saves at once when nothing changed since the bicycle was loaded', async () => {
    const server = productServer();
    const user = userEvent.setup();
    const router = renderEditor();
    await user.clear(await screen.findByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '7');
    await user.click(screen.getByRole('button', { name: 'Update Bicycle' }));
    expect(await screen.findByText('All products')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/bicycle-management');
    expect(server.puts.map((p) => p.ifMatch)).toEqual(['"v1"']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
