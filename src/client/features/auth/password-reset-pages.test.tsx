import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages } from '#shared/messages/account.ts';
import { formMessages } from '#shared/messages/form.ts';
import { withStore } from '#client/app/route-data.ts';
import { forgotPasswordAction, ForgotPasswordPage } from './forgot-password-page.tsx';
import { resetPasswordAction, ResetPasswordPage } from './reset-password-page.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { jsonResponse, renderWithStore } from '#client/test/testing.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Call {
  path: string;
  body: unknown;
}

/** Answers every API call with `answer` and records what was sent. */
function fakeApi(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const request = input instanceof Request ? input : new Request(input);
      calls.push({
        path: new URL(request.url).pathname.replace('/api/v1', ''),
        body: JSON.parse((await request.text()) || 'null') as unknown,
      });
      return jsonResponse(status, body);
    }),
  );
  return calls;
}

describe('forgot password', () => {
  it('is linked from the sign-in page', async () => {
    const user = userEvent.setup();
    renderWithStore(<SignInPage />, {
      path: '/sign-in',
      routes: [{ path: '/forgot-password', element: <ForgotPasswordPage /> }],
    });
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  });

  it('checks the email with the sign-in messages', async () => {
    const calls = fakeApi(200, {});
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, {
      path: '/forgot-password',
      action: withStore(forgotPasswordAction),
    });
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(formMessages.emailRequired)).toBeVisible();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(formMessages.emailInvalid)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it("sends the email and shows the server's answer as a toast and on the page", async () => {
    const answer = accountMessages.forgotPasswordSent;
    const calls = fakeApi(200, { success: true, message: answer, data: null });
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, {
      path: '/forgot-password',
      action: withStore(forgotPasswordAction),
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(answer);
    expect(screen.getAllByText(answer)).toHaveLength(2);
    expect(calls).toEqual([{ path: '/auth/forgot-password', body: { email: 'ada@example.com' } }]);
  });

  it("shows the server's message when it refuses, e.g. too many requests", async () => {
    fakeApi(429, { success: false, message: 'Too many requests', code: 'RATE_LIMITED' });
    const user = userEvent.setup();
    renderWithStore(<ForgotPasswordPage />, {
      path: '/forgot-password',
      action: withStore(forgotPasswordAction),
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many requests')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('reset password', () => {
  const page = (token = 'the-token') =>
    renderWithStore(<ResetPasswordPage />, {
      path: '/reset-password',
      initialEntry: `/reset-password?token=${token}`,
      action: withStore(resetPasswordAction),
      routes: [{ path: '/sign-in', element: <p>Sign in here</p> }],
    });

  it("applies the change-password form's rules and messages", async () => {
    const calls = fakeApi(200, {});
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(formMessages.newPasswordMin)).toBeVisible();
    expect(screen.getByText(formMessages.confirmPasswordRequired)).toBeVisible();

    await user.type(screen.getByLabelText('New Password'), 'new-pass-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-pass-2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(formMessages.passwordsMustMatch)).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('sends the token with the new password, toasts and goes to sign in', async () => {
    const calls = fakeApi(200, {
      success: true,
      message: accountMessages.passwordReset,
      data: null,
    });
    const user = userEvent.setup();
    const { router } = page('abc_DEF-123');
    await user.type(screen.getByLabelText('New Password'), 'new-pass-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Sign in here')).toBeVisible();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText(accountMessages.passwordReset)).toBeVisible();
    expect(calls).toEqual([
      {
        path: '/auth/reset-password',
        body: { token: 'abc_DEF-123', newPassword: 'new-pass-1' },
      },
    ]);
  });

  it("stays on the page with the server's message for a used or expired link", async () => {
    fakeApi(400, {
      success: false,
      message: accountMessages.resetLinkInvalid,
      code: 'INVALID_RESET_TOKEN',
    });
    const user = userEvent.setup();
    page();
    await user.type(screen.getByLabelText('New Password'), 'new-pass-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(accountMessages.resetLinkInvalid)).toBeVisible();
    expect(screen.queryByText('Sign in here')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('offers a new link when the address carries no token', () => {
    renderWithStore(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByText(accountMessages.resetLinkInvalid)).toBeVisible();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});
