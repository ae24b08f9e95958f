import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '#shared/contract/address.ts';
import type { User } from '#shared/contract/user.ts';
import {
  errorResponse,
  jsonResponse,
  okResponse,
  renderWithStore,
  testUser,
} from '#client/test/testing.tsx';
import { withStore } from '#client/app/route-data.ts';
import { accountAction, ProfilePage } from './profile-page.tsx';

/** The account page as the app routes it: its forms post to its action. */
const pageRoute = { path: '/me', action: withStore(accountAction) };

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The profile API: GET /users/me answers `current`; PATCH /users/update and change-password as told. */
function fakeApi(options: {
  me: User;
  update?: 'ok' | 'fail';
  changePassword?: Response;
  addresses?: Address[];
}) {
  let current = options.me;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace('/api/v1', '');
      if (path === '/users/me') {
        calls.push({ method: request.method, path, body: null });
        return okResponse(current);
      }
      if (path === '/users/update') {
        const form = await request.formData();
        calls.push({ method: request.method, path, body: form });
        if (options.update === 'fail') return errorResponse(500, 'Internal error', 'INTERNAL');
        const avatar = form.get('avatar');
        current = {
          ...current,
          name: form.get('name') as string,
          avatar: typeof avatar !== 'string' ? '/uploads/new.webp' : avatar === '' ? null : avatar,
          updatedAt: new Date(Date.parse(current.updatedAt) + 1000).toISOString(),
        };
        return okResponse(current);
      }
      if (path === '/users/me/addresses') {
        return okResponse(options.addresses ?? []);
      }
      if (path === '/users/change-password') {
        calls.push({ method: request.method, path, body: await request.json() });
        return options.changePassword ?? okResponse(null);
      }
      return errorResponse(404, 'Not found', 'NOT_FOUND');
    }),
  );
  return calls;
}

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const saved = testUser({ name: 'Ada Rider', avatar: '/uploads/ada.webp' });

/** Fills the Change Password form with [current, new, confirmation] and submits it. */
async function changePassword(
  user: UserEvent,
  [current, next, confirmation]: [string, string, string],
) {
  const form = within(screen.getByRole('region', { name: 'Change Password' }));
  await user.type(form.getByLabelText('Current Password'), current);
  await user.type(form.getByLabelText('New Password'), next);
  await user.type(form.getByLabelText('Confirm New Password'), confirmation);
  await user.click(form.getByRole('button', { name: 'Change Password' }));
}

describe('account preferences', () => {
  it('shows the saved profile with the email read-only, and Cancel and Update disabled until something changes', async () => {
    fakeApi({ me: saved });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    const name = await screen.findByLabelText('Full Name');
    expect(name).toHaveValue('Ada Rider');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toBeDisabled();
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('img', { name: 'Avatar preview' })).toHaveAttribute(
      'src',
      '/uploads/ada.webp',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    await user.type(name, ' Lovelace');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(name).toHaveValue('Ada Rider');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('removes the avatar locally; Remove is disabled without one', async () => {
    fakeApi({ me: saved });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'Avatar preview' })).toBeNull();
    expect(screen.getByRole('img', { name: 'No avatar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it('saves a new name and avatar, toasts and stores the user', async () => {
    const calls = fakeApi({ me: saved });
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    const name = await screen.findByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Change'), file);
    expect(screen.getByRole('img', { name: 'Avatar preview' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile updated successfully')).toBeVisible();
    const update = calls.find((c) => c.path === '/users/update')!;
    expect(update.method).toBe('PATCH');
    const form = update.body as FormData;
    expect(form.get('name')).toBe('Ada Lovelace');
    // jsdom's File crosses into the fetch body as a Blob of the same type.
    expect(form.get('avatar')).toMatchObject({ type: 'image/png' });
    await waitFor(() => {
      expect(store.getState().auth.user).toMatchObject({
        name: 'Ada Lovelace',
        avatar: '/uploads/new.webp',
      });
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    });
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
  });

  it("says 'Failed to update profile' when the save fails", async () => {
    fakeApi({ me: saved, update: 'fail' });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    await user.type(await screen.findByLabelText('Full Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update profile')).toBeVisible();
  });
});

describe('change password', () => {
  it('shows the spec messages', async () => {
    fakeApi({ me: saved });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    const form = within(screen.getByRole('region', { name: 'Change Password' }));
    await user.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await form.findByText('Current password is required')).toBeVisible();
    expect(form.getByText('New password must be at least 6 characters long')).toBeVisible();
    expect(form.getByText('Confirmation password is required')).toBeVisible();

    await changePassword(user, ['old-pass', 'new-pass-1', 'new-pass-2']);
    expect(await form.findByText('Passwords must match')).toBeVisible();
    expect(form.queryByText('Current password is required')).toBeNull();
  });

  it('sends the current password as oldPassword, keeps the fresh session, toasts and resets the form', async () => {
    const calls = fakeApi({
      me: saved,
      changePassword: jsonResponse(200, {
        success: true,
        message: 'Password changed successfully',
        data: { accessToken: 'fresh-access-token' },
      }),
    });
    const user = userEvent.setup();
    const { store } = renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    const form = within(screen.getByRole('region', { name: 'Change Password' }));
    await changePassword(user, ['old-pass', 'new-pass-1', 'new-pass-1']);

    expect(await screen.findByText('Password changed successfully')).toBeVisible();
    expect(calls.find((c) => c.path === '/users/change-password')?.body).toEqual({
      oldPassword: 'old-pass',
      newPassword: 'new-pass-1',
    });
    expect(form.getByLabelText('Current Password')).toHaveValue('');
    expect(form.getByLabelText('New Password')).toHaveValue('');
    expect(form.getByLabelText('Confirm New Password')).toHaveValue('');
    // Every older session ended with the change: this browser goes on with the new token.
    expect(store.getState().auth.token).toBe('fresh-access-token');
  });

  it("shows the server's message, else 'Failed to change password', and resets either way", async () => {
    fakeApi({
      me: saved,
      changePassword: errorResponse(400, 'Current password is incorrect', 'BAD_REQUEST'),
    });
    const user = userEvent.setup();
    renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    const form = within(screen.getByRole('region', { name: 'Change Password' }));
    await changePassword(user, ['old-pass', 'new-pass-1', 'new-pass-1']);
    expect(await screen.findByText('Current password is incorrect')).toBeVisible();
    expect(form.getByLabelText('Current Password')).toHaveValue('');

    fakeApi({ me: saved, changePassword: new Response('', { status: 502 }) });
    await changePassword(user, ['old-pass', 'new-pass-1', 'new-pass-1']);
    expect(await screen.findByText('Failed to change password')).toBeVisible();
    expect(form.getByLabelText('New Password')).toHaveValue('');
  });
});

describe('address book', () => {
  it('lists the saved addresses on /me, the default marked', async () => {
    fakeApi({
      me: saved,
      addresses: [
        {
          _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
          name: 'Ada Rider',
          phone: '+14155550100',
          line1: '1 Market St',
          line2: null,
          city: 'San Francisco',
          region: 'CA',
          postalCode: '94105',
          country: 'US',
          isDefault: true,
        },
      ],
    });
    renderWithStore(<ProfilePage />, { user: saved, ...pageRoute });
    const book = await screen.findByRole('region', { name: 'Address book' });
    const entry = await within(book).findByRole('listitem');
    expect(entry).toHaveTextContent('1 Market St');
    expect(within(entry).getByText('Default')).toBeVisible();
    expect(within(book).getByRole('button', { name: 'Add address' })).toBeEnabled();
  });
});
