import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STOCK_ALERT_MESSAGES } from '#shared/contract/mail.ts';
import { stockAlertsMessages } from '#shared/messages/stock-alerts.ts';
import { jsonResponse, renderWithStore, testUser } from '#client/test/testing.tsx';
import { NotifyMe } from './notify-me.tsx';

const PRODUCT = '7f1c2a52-0d55-4a8e-9d43-3f1e4a9b8c10';

/** The API as it answers: 200 for the signed-in rider's own address, 202 for any other. */
function fakeApi(status: 200 | 202 = 200) {
  const bodies: unknown[] = [];
  const authorizations: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      bodies.push(await input.clone().json());
      authorizations.push(input.headers.get('authorization'));
      return jsonResponse(status, {
        success: true,
        message: status === 200 ? STOCK_ALERT_MESSAGES.created : stockAlertsMessages.checkInbox,
        data: null,
      });
    }),
  );
  return { bodies, authorizations };
}

describe('NotifyMe', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("fills in a signed-in rider's address and asks for the size", async () => {
    const { bodies, authorizations } = fakeApi();
    renderWithStore(<NotifyMe productId={PRODUCT} size="M" />, { user: testUser() });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('ada@example.com'));
    expect(screen.getByText(/Size M is sold out\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STOCK_ALERT_MESSAGES.created);
    expect(bodies).toEqual([{ email: 'ada@example.com', size: 'M' }]);
    // The session goes along, so the server knows the address is the rider's own.
    expect(authorizations[0]).toBeTruthy();
  });

  it('tells a visitor to confirm from the inbox when the answer is 202', async () => {
    const { authorizations } = fakeApi(202);
    renderWithStore(<NotifyMe productId={PRODUCT} />);
    await userEvent.type(screen.getByLabelText('Email'), 'rider@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your inbox to confirm the alert.',
    );
    expect(authorizations).toEqual([null]);
  });

  it('keeps an address the visitor typed and sends no size for the whole bicycle', async () => {
    const { bodies } = fakeApi();
    renderWithStore(<NotifyMe productId={PRODUCT} />);
    await userEvent.type(screen.getByLabelText('Email'), 'rider@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STOCK_ALERT_MESSAGES.created);
    expect(bodies).toEqual([{ email: 'rider@example.com' }]);
  });

  it('asks for an address before sending anything', async () => {
    const { bodies } = fakeApi();
    renderWithStore(<NotifyMe productId={PRODUCT} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
