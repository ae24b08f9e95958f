import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  jsonResponse,
  okResponse,
  renderWithStore,
  testProduct,
  testUser,
} from '#client/test/testing.tsx';
import { CreateBicyclePage } from './create-bicycle-page.tsx';
import { UpdateBicyclePage } from './update-bicycle-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = testUser({ role: 'admin', name: 'Store Admin' });

const sized = testProduct({
  quantity: 7,
  sizes: [
    { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170 },
    { label: 'M', quantity: 0, minHeightCm: 168, maxHeightCm: 182 },
    { label: 'L', quantity: 5, minHeightCm: 180, maxHeightCm: 195 },
  ],
  specs: { frameMaterial: 'Aluminium', weightKg: 13.2, suspension: 'Hardtail' },
});

/** The product API: records each save's form and answers with `answer` (201 by default). */
function productServer(answer?: (form: FormData) => Response) {
  const saves: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'GET')
        return new Response(JSON.stringify({ success: true, message: 'ok', data: sized }), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"v1"' },
        });
      const form = await request.formData();
      saves.push(form);
      return answer
        ? answer(form)
        : jsonResponse(201, { success: true, message: 'ok', data: sized });
    }),
  );
  return saves;
}

function sizesJson(form: FormData | undefined): unknown {
  return JSON.parse(form?.get('sizes') as string);
}

/**
 * Puts text in a field as one input, as a paste does: these tests are about the form's rules, and
 * each typed key re-renders the whole form (seconds per form in jsdom on a busy machine).
 */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.paste(text);
}

async function fillBasics(user: UserEvent, category = 'Mountain Bike') {
  await enter(user, screen.getByLabelText('Name'), 'Trail Hawk');
  await enter(user, screen.getByLabelText('Brand'), 'Ridgeline');
  await user.selectOptions(screen.getByLabelText('Category'), category);
  await enter(user, screen.getByLabelText('Price'), '849.50');
  await enter(user, screen.getByLabelText('Description'), 'A light trail bike.');
}

async function fillSize(user: UserEvent, n: number, values: [string, string, string, string]) {
  const [label, stock, smallest, tallest] = values;
  const cell = (name: string) => screen.getByLabelText(`Size ${String(n)} ${name}`);
  await enter(user, cell('Label'), label);
  await enter(user, cell('Stock'), stock);
  await enter(user, cell('Smallest rider (cm)'), smallest);
  await enter(user, cell('Tallest rider (cm)'), tallest);
}

function renderCreate() {
  return renderWithStore(<CreateBicyclePage />, { user: admin, path: '/dashboard/add-bicycle' });
}

describe('the sizes table of the bicycle form', () => {
  it('adds and removes rows, shows their sum as the quantity, and sends them as JSON', async () => {
    const saves = productServer();
    const user = userEvent.setup();
    renderCreate();
    await fillBasics(user);
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).not.toHaveAttribute('readonly');
    await user.type(quantity, '3');

    const add = screen.getByRole('button', { name: 'Add size' });
    await user.click(add);
    // The new row's label takes the focus, ready to type.
    expect(screen.getByLabelText('Size 1 Label')).toHaveFocus();
    await user.click(add);
    await user.click(add);
    expect(within(screen.getByRole('table', { name: 'Sizes' })).getAllByRole('row')).toHaveLength(
      4,
    );
    await fillSize(user, 1, ['S', '2', '155', '170']);
    await fillSize(user, 2, ['XL', '9', '190', '205']);
    await fillSize(user, 3, ['M', '4', '168', '182']);
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue(15);

    await user.click(screen.getByRole('button', { name: 'Remove size 2' }));
    expect(screen.getByLabelText('Size 2 Label')).toHaveValue('M');
    expect(screen.getByLabelText('Size 2 Label')).toHaveFocus();
    expect(screen.queryByLabelText('Size 3 Label')).toBeNull();
    expect(screen.getByLabelText('Quantity')).toHaveValue(6);

    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await fillSize(user, 3, ['L', '0', '180', '195']);
    await user.click(screen.getByRole('button', { name: 'Move size 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move size 2 down' }));
    expect(screen.getByLabelText('Size 3 Label')).toHaveValue('L');

    await user.click(screen.getByRole('button', { name: 'Add Bicycle' }));
    expect(await screen.findByText('Product created successfully')).toBeVisible();
    expect(saves).toHaveLength(1);
    expect(sizesJson(saves[0])).toEqual([
      { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170, geometry: null },
      { label: 'M', quantity: 4, minHeightCm: 168, maxHeightCm: 182, geometry: null },
      { label: 'L', quantity: 0, minHeightCm: 180, maxHeightCm: 195, geometry: null },
    ]);
    expect(saves[0]?.get('quantity')).toBe('6');
    // The form starts again empty, one size.
    expect(screen.queryByRole('table', { name: 'Sizes' })).toBeNull();
    expect(screen.getByLabelText('Quantity')).not.toHaveAttribute('readonly');
  });

  it('shows each size error on its own cell and sends nothing', async () => {
    const saves = productServer();
    const user = userEvent.setup();
    renderCreate();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await fillSize(user, 1, ['M', '2', '168', '182']);
    await fillSize(user, 2, ['m', '1', '170', '180']);
    await fillSize(user, 3, ['L', '1', '190', '180']);
    await user.click(screen.getByRole('button', { name: 'Add Bicycle' }));

    const second = screen.getByLabelText('Size 2 Label');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription('Each size needs a label of its own');
    expect(screen.getByLabelText('Size 1 Label')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Size 3 Tallest rider (cm)')).toHaveAccessibleDescription(
      'Tallest rider height must not be below the smallest',
    );
    expect(screen.getByLabelText('Size 3 Smallest rider (cm)')).not.toHaveAttribute('aria-invalid');
    // With sizes the quantity is theirs: no "Quantity is required".
    expect(screen.queryByText('Quantity is required')).toBeNull();
    expect(saves).toHaveLength(0);
  });

  it('asks for a quantity again once the last size is removed', async () => {
    productServer();
    const user = userEvent.setup();
    renderCreate();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await user.click(screen.getByRole('button', { name: 'Remove size 1' }));
    expect(screen.getByRole('button', { name: 'Add size' })).toHaveFocus();
    expect(screen.getByLabelText('Quantity')).not.toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Add Bicycle' }));
    expect(await screen.findByText('Quantity is required')).toBeVisible();
  });

  it("places the server's nested errors on the size cell and the spec they name", async () => {
    productServer(() =>
      jsonResponse(400, {
        success: false,
        message: 'Invalid input',
        code: 'VALIDATION_ERROR',
        details: [
          { path: 'body.sizes.1.label', message: 'Size label is taken' },
          { path: 'body.specs.weightKg', message: 'Weight must be at most 100' },
          { path: 'body.name', message: 'Name is not allowed here' },
        ],
      }),
    );
    const user = userEvent.setup();
    renderCreate();
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    await fillSize(user, 1, ['S', '2', '155', '170']);
    await fillSize(user, 2, ['M', '1', '168', '182']);
    await user.type(screen.getByLabelText('Weight (kg)'), '12.4');
    await user.click(screen.getByRole('button', { name: 'Add Bicycle' }));

    expect(await screen.findByText('Failed to create product')).toBeVisible();
    expect(screen.getByLabelText('Size 2 Label')).toHaveAccessibleDescription(
      'Size label is taken',
    );
    expect(screen.getByLabelText('Size 1 Label')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Weight (kg)')).toHaveAccessibleDescription(
      'Weight must be at most 100',
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is not allowed here');
  });
});

describe('the specs of the bicycle form', () => {
  it('sends the stated specs, clears the rest, and shows the motor only for Electric Bikes', async () => {
    const saves = productServer();
    const user = userEvent.setup();
    renderCreate();
    await fillBasics(user, 'Road Bicycle');
    await user.type(screen.getByLabelText('Quantity'), '4');
    expect(screen.queryByLabelText('Motor torque (Nm)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Category'), 'Electric Bikes');
    await user.type(screen.getByLabelText('Motor torque (Nm)'), '85');
    await user.type(screen.getByLabelText('Battery capacity (Wh)'), '625');
    await user.selectOptions(screen.getByLabelText('Frame material'), 'Carbon');
    await user.selectOptions(screen.getByLabelText('Brakes'), 'Hydraulic disc');
    await user.type(screen.getByLabelText('Weight (kg)'), '22.45');
    await user.click(screen.getByRole('button', { name: 'Add Bicycle' }));
    expect(await screen.findByText('Weight can have at most 1 decimal')).toBeVisible();
    expect(saves).toHaveLength(0);

    await user.clear(screen.getByLabelText('Weight (kg)'));
    await user.type(screen.getByLabelText('Weight (kg)'), '22.4');
    await user.click(screen.getByRole('button', { name: 'Add Bicycle' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(JSON.parse(saves[0]?.get('specs') as string)).toEqual({
      frameMaterial: 'Carbon',
      wheelSize: null,
      brakes: 'Hydraulic disc',
      suspension: null,
      gears: null,
      weightKg: 22.4,
      travelMm: null,
      motorTorqueNm: 85,
      batteryWh: 625,
      rangeKm: null,
    });
    expect(sizesJson(saves[0])).toEqual([]);
    expect(saves[0]?.get('quantity')).toBe('4');
  });
});

describe('updating a sized bicycle', () => {
  it('starts from its sizes and specs, with the quantity read only as their sum', async () => {
    const saves = productServer(() => okResponse(sized));
    const user = userEvent.setup();
    renderWithStore(<UpdateBicyclePage />, {
      user: admin,
      path: '/dashboard/bicycle-management/:id',
      initialEntry: `/dashboard/bicycle-management/${sized._id}`,
    });
    expect(await screen.findByLabelText('Size 3 Label')).toHaveValue('L');
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue(7);
    expect(screen.getByLabelText('Frame material')).toHaveValue('Aluminium');
    expect(screen.getByLabelText('Weight (kg)')).toHaveValue(13.2);

    await user.clear(screen.getByLabelText('Size 2 Stock'));
    await user.type(screen.getByLabelText('Size 2 Stock'), '4');
    expect(screen.getByLabelText('Quantity')).toHaveValue(11);
    await user.selectOptions(screen.getByLabelText('Suspension'), '');
    await user.click(screen.getByRole('button', { name: 'Update Bicycle' }));
    await waitFor(() => {
      expect(saves).toHaveLength(1);
    });
    expect(sizesJson(saves[0])).toEqual([
      { label: 'S', quantity: 2, minHeightCm: 155, maxHeightCm: 170, geometry: null },
      { label: 'M', quantity: 4, minHeightCm: 168, maxHeightCm: 182, geometry: null },
      { label: 'L', quantity: 5, minHeightCm: 180, maxHeightCm: 195, geometry: null },
    ]);
    expect(JSON.parse(saves[0]?.get('specs') as string)).toMatchObject({
      frameMaterial: 'Aluminium',
      weightKg: 13.2,
      suspension: null,
    });
  });
});
