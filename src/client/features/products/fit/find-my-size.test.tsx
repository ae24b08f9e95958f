import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okResponse, renderWithStore, testUser } from '#client/test/testing.tsx';
import { FindMySize } from './find-my-size.tsx';
import { readRiderFit } from './rider-fit-storage.ts';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Find my size', () => {
  it('shows the measurements kept on the account of a signed-in rider', () => {
    renderWithStore(<FindMySize />, { user: testUser({ riderHeightCm: 181, inseamCm: 84 }) });
    expect(screen.getByText('Your height: 181 cm, inseam 84 cm')).toBeInTheDocument();
  });

  it('saves a signed-in rider measurements on the account and in the browser', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const body = (await request.json()) as { riderHeightCm: number; inseamCm: number | null };
        bodies.push({ method: request.method, path: new URL(request.url).pathname, body });
        return okResponse(testUser(body));
      }),
    );
    const { store } = renderWithStore(<FindMySize />, { user: testUser() });
    await user.click(screen.getByRole('button', { name: 'Find my size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find my size' });
    await user.click(await within(dialog).findByRole('radio', { name: 'ft / in' }));
    await user.type(within(dialog).getByLabelText('Height: Feet'), '5');
    await user.type(within(dialog).getByLabelText('Inches'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save my size' }));
    await waitFor(() => {
      expect(store.getState().auth.user?.riderHeightCm).toBe(175);
    });
    expect(bodies).toEqual([
      { method: 'PUT', path: '/api/v1/users/me/fit', body: { riderHeightCm: 175, inseamCm: null } },
    ]);
    expect(readRiderFit()).toEqual({ riderHeightCm: 175, inseamCm: null });
    expect(await screen.findByText('Your measurements are saved.')).toBeInTheDocument();
  });

  it('keeps a visitor measurements in the browser only, and forgets them on request', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithStore(<FindMySize />);
    await user.click(screen.getByRole('button', { name: 'Find my size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Find my size' });
    await user.type(await within(dialog).findByLabelText('Height (cm)'), '168');
    await user.click(within(dialog).getByRole('button', { name: 'Save my size' }));
    expect(await screen.findByText('Your height: 168 cm')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Find my size' }));
    await user.click(await screen.findByRole('button', { name: 'Forget my measurements' }));
    await waitFor(() => {
      expect(screen.queryByText('Your height: 168 cm')).toBeNull();
    });
    expect(readRiderFit()).toBeNull();
  });
});

describe('Find my size and the keyboard', () => {
  it('opens on the height, and gives focus back to its button after "Save my size"', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    renderWithStore(<FindMySize />);
    const open = screen.getByRole('button', { name: 'Find my size' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Find my size' }, { timeout: 5000 });
    const height = await within(dialog).findByLabelText('Height (cm)');
    await waitFor(() => {
      expect(height).toHaveFocus();
    });
    await user.keyboard('172');
    await user.click(within(dialog).getByRole('button', { name: 'Save my size' }));
    expect(await screen.findByText('Your height: 172 cm')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await waitFor(() => {
      expect(open).toHaveFocus();
    });
  });
});
