import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okResponse, renderWithStore, testProduct, testUser } from '#client/test/testing.tsx';
import { productFormPath } from './product-form-data.ts';
import { UpdateBicyclePage } from './update-bicycle-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = testUser({ role: 'admin', name: 'Store Admin' });

const bike = testProduct({
  quantity: 3,
  sizes: [
    {
      label: 'M',
      quantity: 1,
      minHeightCm: 165,
      maxHeightCm: 177,
      geometry: { stackMm: 614, reachMm: 450, headAngleDeg: 65.5 },
    },
    { label: 'L', quantity: 2, minHeightCm: 175, maxHeightCm: 186 },
  ],
});

function server() {
  const saves: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'GET')
        return new Response(JSON.stringify({ success: true, message: 'ok', data: bike }), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"v1"' },
        });
      saves.push(await request.formData());
      return okResponse(bike);
    }),
  );
  return saves;
}

describe('geometry in the sizes table', () => {
  it('starts from each size’s geometry, checks the values per field, and sends them with the sizes', async () => {
    const saves = server();
    const user = userEvent.setup();
    renderWithStore(<UpdateBicyclePage />, {
      user: admin,
      path: '/dashboard/bicycle-management/:id',
      initialEntry: `/dashboard/bicycle-management/${bike._id}`,
    });
    expect(await screen.findByRole('columnheader', { name: 'M' })).toBeInTheDocument();
    expect(screen.getByLabelText('Size 1 Stack (mm)')).toHaveValue(614);
    expect(screen.getByLabelText('Size 1 Head angle (degrees)')).toHaveValue(65.5);
    expect(screen.getByLabelText('Size 2 Stack (mm)')).toHaveValue(null);

    await user.type(screen.getByLabelText('Size 2 Head angle (degrees)'), '85');
    await user.type(screen.getByLabelText('Size 2 Reach (mm)'), '475');
    await user.click(screen.getByRole('button', { name: 'Update Bicycle' }));
    expect(await screen.findByText('Head angle must be between 60 and 80°')).toBeVisible();
    expect(screen.getByLabelText('Size 2 Head angle (degrees)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(saves).toHaveLength(0);

    await user.clear(screen.getByLabelText('Size 2 Head angle (degrees)'));
    await user.type(screen.getByLabelText('Size 2 Head angle (degrees)'), '65.5');
    await user.clear(screen.getByLabelText('Size 1 Stack (mm)'));
    await user.clear(screen.getByLabelText('Size 1 Reach (mm)'));
    await user.clear(screen.getByLabelText('Size 1 Head angle (degrees)'));
    await user.click(screen.getByRole('button', { name: 'Update Bicycle' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(JSON.parse(saves[0]?.get('sizes') as string)).toEqual([
      { label: 'M', quantity: 1, minHeightCm: 165, maxHeightCm: 177, geometry: null },
      {
        label: 'L',
        quantity: 2,
        minHeightCm: 175,
        maxHeightCm: 186,
        geometry: { reachMm: 475, headAngleDeg: 65.5 },
      },
    ]);
  });
});

describe('productFormPath', () => {
  it('puts a geometry error under its size and measurement', () => {
    expect(productFormPath('sizes.1.geometry.reachMm', 2)).toBe('sizes.1.geometry.reachMm');
    expect(productFormPath('sizes.1.geometry.colour', 2)).toBe('sizes');
    expect(productFormPath('sizes.5.geometry.reachMm', 2)).toBe('sizes');
  });
});
