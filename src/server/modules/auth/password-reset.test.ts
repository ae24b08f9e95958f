import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { accountMessages } from '#shared/messages/account.ts';
import { formMessages } from '#shared/messages/form.ts';
import { emailOutbox, passwordResetTokens } from '#server/db/schema.ts';
import { fetchMe, login, refresh, signIn, setBlocked } from '#server/test/accounts-helpers.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '#server/test/fixtures.ts';
import { resetTokenIn, useSmtpServer } from '#server/test/smtp-helpers.ts';
import { useTestContext } from '#server/test/test-app.ts';
import { RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MS } from './password-reset.service.ts';

const NEW_PASSWORD = 'brand-new-pass-2';

describe('password reset by mail', () => {
  let user: TestUser;
  const smtp = useSmtpServer();
  const ctx = useTestContext(() => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Bi-Cycle Store <shop@store.test>',
  }));

  beforeEach(async () => {
    await ctx.reset();
    smtp.mails.length = 0;
    smtp.refuse = false;
    user = await createUser(ctx, { name: 'Rita Rider' });
  });

  /** Asks for a link; the link itself is stored after the answer, so this waits for that too. */
  async function forgot(email: string, remoteAddress?: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email },
      ...(remoteAddress === undefined ? {} : { remoteAddress }),
    });
    await ctx.app.deps.background.settled();
    return res;
  }
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, newPassword },
    });
  const sameAnswer = { success: true, message: accountMessages.forgotPasswordSent, data: null };

  /** Asks for a link and returns the token read from the mail the SMTP server received. */
  async function mailedToken(email = user.email): Promise<string> {
    expect((await forgot(email)).json()).toEqual(sameAnswer);
    await ctx.app.mail.flush();
    const mail = smtp.to(email).at(-1);
    if (!mail) throw new Error('no reset mail received');
    return resetTokenIn(mail);
  }

  it('mails a link that sets a new password once, ends every session and signs nobody in', async () => {
    const session = await signIn(ctx, user.email, TEST_PASSWORD);
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sameAnswer);
    expect(smtp.mails).toHaveLength(0);

    expect(await ctx.app.mail.flush()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = smtp.to(user.email);
    if (!mail) throw new Error('no mail');
    expect(mail.from?.value).toEqual([{ name: 'Bi-Cycle Store', address: 'shop@store.test' }]);
    expect(mail.subject).toBe('Reset your password · Bi-Cycle Store');
    expect(mail.text).toContain('Hello Rita Rider,');
    expect(mail.text).toMatch(/http:\/\/store\.test\/reset-password\?token=[\w-]{43}/);
    expect(mail.text).toContain('30 minutes');
    const token = resetTokenIn(mail);
    expect(mail.html).toContain(`href="http://store.test/reset-password?token=${token}"`);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: accountMessages.passwordReset,
      data: null,
    });
    expect(done.headers['set-cookie']).toBeUndefined();

    expect((await login(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await refresh(ctx, session.cookie)).statusCode).toBe(401);
    expect((await fetchMe(ctx, session.accessToken)).statusCode).toBe(401);

    const again = await reset(token, 'another-pass-3');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'INVALID_RESET_TOKEN',
      message: accountMessages.resetLinkInvalid,
    });
    expect((await login(ctx, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps only the hash of the token, and forgets the token in the outbox once sent', async () => {
    const token = await mailedToken();
    const stored = await ctx.database.db.select().from(passwordResetTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    const outbox = await ctx.database.db.select().from(emailOutbox);
    expect(outbox).toMatchObject([{ status: 'sent', kind: 'password-reset' }]);
    expect(JSON.stringify(outbox)).not.toContain(token);
  });

  it('refuses a link used after 30 minutes', async () => {
    const token = await mailedToken();
    ctx.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: accountMessages.resetLinkInvalid });
    expect((await login(ctx, user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts a link just before it expires', async () => {
    const token = await mailedToken();
    ctx.clock.advance(RESET_TOKEN_TTL_MS - 1000);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const res = await reset('not-a-token-that-was-ever-issued');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: accountMessages.resetLinkInvalid });
  });

  it('uses up the older links of the account when one of them is used', async () => {
    const first = await mailedToken();
    const second = await mailedToken();
    expect((await reset(second)).statusCode).toBe(200);
    expect((await reset(first, 'yet-another-4')).statusCode).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await forgot('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sameAnswer);
    expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.mails).toHaveLength(0);
  });

  it('answers the same for a blocked account and sends it nothing', async () => {
    const blocked = await createUser(ctx, { isBlocked: true });
    const res = await forgot(blocked.email);
    expect(res.json()).toEqual(sameAnswer);
    await ctx.app.mail.flush();
    expect(smtp.mails).toHaveLength(0);
  });

  it('refuses a link of an account blocked after it was sent', async () => {
    const token = await mailedToken();
    const admin = await createUser(ctx, { role: 'admin' });
    const blocked = await setBlocked(ctx, admin.auth, user.id, true);
    expect(blocked.statusCode).toBe(200);
    expect((await reset(token)).statusCode).toBe(400);
  });

  it(`mails one address at most ${String(RESET_MAILS_PER_HOUR)} links an hour, answering the same`, async () => {
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i += 1) {
      expect((await forgot(user.email)).json()).toEqual(sameAnswer);
    }
    await ctx.app.mail.flush();
    expect(smtp.to(user.email)).toHaveLength(RESET_MAILS_PER_HOUR);

    ctx.clock.advance(60 * 60_000 + 1000);
    await forgot(user.email);
    await ctx.app.mail.flush();
    expect(smtp.to(user.email)).toHaveLength(RESET_MAILS_PER_HOUR + 1);
  });

  it('applies the change-password rules to the new password', async () => {
    const token = await mailedToken();
    const res = await reset(token, 'abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      details: [{ path: 'body.newPassword', message: formMessages.newPasswordMin }],
    });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses an invalid email address', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      details: [{ path: 'body.email', message: formMessages.emailInvalid }],
    });
  });
});

describe('password reset rate limits per client address', () => {
  const ctx = useTestContext({ AUTH_RATE_LIMIT_MAX: '2' });

  it.each(['forgot-password', 'reset-password'])(
    'limits %s per IP with 429 and Retry-After',
    async (route) => {
      const payload =
        route === 'forgot-password'
          ? { email: 'someone@example.com' }
          : { token: 'x'.repeat(43), newPassword: NEW_PASSWORD };
      const send = (remoteAddress: string) =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/auth/${route}`, payload, remoteAddress });
      await send('203.0.113.7');
      await send('203.0.113.7');
      const limited = await send('203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await send('203.0.113.8')).statusCode).not.toBe(429);
    },
  );

  it('writes .eml files under DATA_DIR/mail without SMTP_URL', async () => {
    const user = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: '198.51.100.1',
    });
    await ctx.app.deps.background.settled();
    expect(await ctx.app.mail.flush()).toMatchObject({ sent: 1 });
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const dir = path.join(ctx.dataDir, 'mail');
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toMatch(/reset-password\?token=/);
    const [row] = await ctx.database.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, user.email));
    expect(row?.status).toBe('sent');
  });
});
