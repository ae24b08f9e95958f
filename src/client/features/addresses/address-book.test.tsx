import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRY_CODES, type Address } from '#shared/contract/address.ts';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  renderWithStore,
  testUser,
} from '#client/test/testing.tsx';
import { AddressBook } from './address-book.tsx';

let serial = 0;
const newId = () => {
  serial += 1;
  return `aaaaaaaa-aaaa-4aaa-8aaa-${String(serial).padStart(12, '0')}`;
};

function saved(overrides: Partial<Address> = {}): Address {
  return {
    _id: newId(),
    name: 'Ada Rider',
    phone: '+14155550100',
    line1: '1 Market St',
    line2: null,
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94105',
    country: 'US',
    isDefault: false,
    ...overrides,
  };
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The address book API as the server keeps it: the default first, one default, at most ten, and
 * a refusal of one address line, to show the server's own per-field errors.
 */
function fakeBook(start: Address[]) {
  let book = [...start];
  const sent: Sent[] = [];
  const ordered = () => [...book].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace('/api/v1/users/me/addresses', '');
      const body: unknown =
        request.method === 'GET' || request.method === 'DELETE' ? null : await request.json();
      sent.push({ method: request.method, path, body });
      const input = body as {
        address: Omit<Address, '_id' | 'isDefault'>;
        isDefault?: boolean;
      } | null;
      if (input?.address.line1 === '0 Nowhere') {
        return jsonResponse(400, {
          success: false,
          message: 'Validation failed',
          code: 'VALIDATION_ERROR',
          details: [{ path: 'body.address.line1', message: 'We cannot deliver to this address' }],
        });
      }
      const makeDefault = (id: string) => {
        book = book.map((a) => ({ ...a, isDefault: a._id === id }));
      };
      if (request.method === 'GET') return okResponse(ordered());
      if (request.method === 'POST' && input) {
        if (book.length >= 10)
          return errorResponse(
            409,
            'Your address book is full (10 addresses). Delete one before adding another.',
            'ADDRESS_BOOK_FULL',
          );
        const added: Address = { ...input.address, _id: newId(), isDefault: false };
        book.push(added);
        if (input.isDefault || book.length === 1) makeDefault(added._id);
        return jsonResponse(201, { success: true, message: 'ok', data: added });
      }
      const id = path.slice(1);
      if (request.method === 'PUT' && input) {
        book = book.map((a) => (a._id === id ? { ...a, ...input.address } : a));
        if (input.isDefault) makeDefault(id);
        return okResponse(book.find((a) => a._id === id));
      }
      if (request.method === 'DELETE') {
        book = book.filter((a) => a._id !== id);
        return okResponse(null);
      }
      return errorResponse(404, 'Not found', 'NOT_FOUND');
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function entries() {
  return within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem');
}

async function fillAddress(user: UserEvent, form: HTMLElement, values: Record<string, string>) {
  const scope = within(form);
  for (const [label, value] of Object.entries(values)) {
    const control = scope.getByLabelText(label);
    if (control instanceof HTMLSelectElement) await user.selectOptions(control, value);
    else {
      await user.clear(control);
      if (value) await user.type(control, value);
    }
  }
}

const london = {
  'Full name': 'Ada Rider',
  'Phone number': '020 7946 0958',
  Country: 'GB',
  Address: '10 Downing St',
  City: 'London',
  'Postal code': 'sw1a 2aa',
};

describe('the address book', () => {
  it('adds a first address, which becomes the default, with the phone in E.164', async () => {
    const user = userEvent.setup();
    const sent = fakeBook([]);
    renderWithStore(<AddressBook />, { user: testUser() });
    expect(await screen.findByText('You have no saved addresses yet.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText('Full name')).toHaveFocus();
    await fillAddress(user, form, london);
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Address saved')).toBeVisible();
    const [only] = entries();
    expect(only).toHaveTextContent('10 Downing St');
    expect(only).toHaveTextContent('SW1A 2AA London');
    expect(only).toHaveTextContent('United Kingdom');
    expect(within(only!).getByText('Default')).toBeVisible();
    expect(sent.find((s) => s.method === 'POST')?.body).toMatchObject({
      address: { phone: '+442079460958', postalCode: 'SW1A 2AA', country: 'GB', line2: null },
    });
    // The form is gone and focus is on the section, not lost on the page.
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Address book' })).toHaveFocus();
  });

  it("checks the form by the contract's rules and shows the server's errors on their fields", async () => {
    const user = userEvent.setup();
    const sent = fakeBook([]);
    renderWithStore(<AddressBook />, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await fillAddress(user, form, {
      ...london,
      Country: 'US',
      'Postal code': 'ABCDE',
      'Phone number': '12',
    });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(
      await within(form).findByText('Enter a valid postal code for United States'),
    ).toBeVisible();
    expect(within(form).getByLabelText('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(form).getByText(
        'Enter a valid phone number for this country, or start it with + and the country code',
      ),
    ).toBeVisible();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);

    await fillAddress(user, form, {
      Country: 'US',
      'Postal code': '94105',
      'Phone number': '415 555 0100',
      Address: '0 Nowhere',
    });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await within(form).findByText('We cannot deliver to this address')).toBeVisible();
    expect(within(form).getByLabelText('Address')).toHaveFocus();
  });

  it('edits an address, makes another the default and deletes one', async () => {
    const user = userEvent.setup();
    const home = saved({ isDefault: true, line1: '1 Market St' });
    const work = saved({ line1: '500 Howard St' });
    const sent = fakeBook([home, work]);
    renderWithStore(<AddressBook />, { user: testUser() });
    await screen.findByText('500 Howard St');

    await user.click(within(entries()[1]!).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('Address')).toHaveValue('500 Howard St');
    expect(within(form).getByLabelText('Country')).toHaveValue('US');
    await fillAddress(user, form, { 'Address line 2 (optional)': 'Floor 3' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Address updated')).toBeVisible();
    expect(entries()[1]).toHaveTextContent('Floor 3');

    await user.click(within(entries()[1]!).getByRole('button', { name: 'Set as default' }));
    expect(await screen.findByText('Default address changed')).toBeVisible();
    await waitFor(() => expect(entries()[0]).toHaveTextContent('500 Howard St'));
    expect(within(entries()[0]!).getByText('Default')).toBeVisible();
    expect(within(entries()[0]!).queryByRole('button', { name: 'Set as default' })).toBeNull();

    await user.click(within(entries()[1]!).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted')).toBeVisible();
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET ',
      `PUT /${work._id}`,
      'GET ',
      `PUT /${work._id}`,
      'GET ',
      `DELETE /${home._id}`,
      'GET ',
    ]);
  });

  it('holds at most ten addresses and says so', async () => {
    fakeBook(Array.from({ length: 10 }, (_, i) => saved({ isDefault: i === 0 })));
    renderWithStore(<AddressBook />, { user: testUser() });
    expect(
      await screen.findByText(
        'Your address book is full (10 addresses). Delete one before adding another.',
      ),
    ).toBeVisible();
    expect(entries()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
  });

  it('offers every ISO 3166 country by name', async () => {
    const user = userEvent.setup();
    fakeBook([]);
    renderWithStore(<AddressBook />, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const country = screen.getByLabelText('Country');
    const options = within(country).getAllByRole('option');
    // A placeholder, then every code the contract accepts.
    expect(options).toHaveLength(COUNTRY_CODES.length + 1);
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    expect(within(country).getByRole('option', { name: 'Germany' })).toHaveValue('DE');
    expect(within(country).getByRole('option', { name: 'Japan' })).toHaveValue('JP');
  });
});
