import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, okResponse, renderWithStore, testAdmin } from '#client/test/testing.tsx';
import { DashboardApp } from '../dashboard-app.tsx';
import { stubApi } from '../orders/stub-dashboard-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PORTLAND = {
  _id: '5a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Bi-Cycle Store Portland',
  address: {
    name: 'Bi-Cycle Store Portland',
    phone: '+15035550142',
    line1: '1200 SE Hawthorne Blvd',
    line2: null,
    city: 'Portland',
    region: 'OR',
    postalCode: '97214',
    country: 'US',
  },
  hours: 'Mon-Fri 10:00-19:00',
  leadDays: 2,
};

function openShops() {
  return renderWithStore(<DashboardApp />, {
    user: testAdmin(),
    path: '/dashboard/*',
    initialEntry: '/dashboard/shops',
  });
}

describe('the shops', () => {
  it('lists the shops and is reached from the sidebar', async () => {
    stubApi({ 'GET /api/v1/locations': () => okResponse([PORTLAND]) });
    openShops();
    expect(await screen.findByRole('heading', { name: 'Bi-Cycle Store Portland' })).toBeVisible();
    expect(screen.getByText('Lead days: 2')).toBeVisible();
    const nav = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Shops' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("checks a new shop's fields, shows the API's field errors, and sends it once", async () => {
    let created = 0;
    let answer: () => void = () => undefined;
    stubApi({
      'GET /api/v1/locations': () => okResponse([PORTLAND]),
      'POST /api/v1/locations': async () => {
        created += 1;
        // The answer waits until the test has clicked again.
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return jsonResponse(400, {
          success: false,
          message: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [
            { path: 'body.address.postalCode', message: 'Enter a valid postal code for Germany' },
          ],
        });
      },
    });
    const user = userEvent.setup();
    openShops();
    await user.click(await screen.findByRole('button', { name: 'Add a shop' }));
    const form = screen.getByRole('form', { name: 'New shop' });
    // Pasted rather than typed key by key: the form has many fields.
    async function fill(field: HTMLElement, text: string) {
      await user.click(field);
      await user.paste(text);
    }
    await user.click(within(form).getByRole('button', { name: 'Add shop' }));
    expect(await within(form).findByText('Shop name is required')).toBeVisible();
    expect(within(form).getByText('Opening hours are required')).toBeVisible();
    expect(created).toBe(0);

    await fill(within(form).getByLabelText('Shop name'), 'Bi-Cycle Store Berlin');
    await fill(within(form).getByLabelText('Opening hours'), 'Mon-Sat 10:00-18:00');
    await fill(within(form).getByLabelText('Name on the address'), 'Bi-Cycle Store Berlin');
    await fill(within(form).getByLabelText('Phone number'), '+49 30 901820');
    await fill(within(form).getByLabelText('Address'), 'Torstrasse 1');
    await fill(within(form).getByLabelText('City'), 'Berlin');
    await fill(within(form).getByLabelText('Postal code'), '10119');
    await user.selectOptions(within(form).getByLabelText('Country'), 'DE');
    await user.dblClick(within(form).getByRole('button', { name: 'Add shop' }));
    await waitFor(() => {
      expect(created).toBe(1);
    });
    await user.click(within(form).getByRole('button', { name: 'Add shop' }));
    answer();
    expect(await within(form).findByText('Enter a valid postal code for Germany')).toBeVisible();
    expect(created).toBe(1);
    expect(within(form).getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
  }, 60_000);
});
