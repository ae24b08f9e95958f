import { beforeAll, describe, expect, it } from 'vitest';
import { changePasswordFormSchema } from '#shared/contract/auth.ts';
import { formMessages } from '#shared/messages/form.ts';
import { createUser, type TestUser } from '#server/test/fixtures.ts';
import { useTestContext } from '#server/test/test-app.ts';

const m = formMessages;

interface Case {
  name: string;
  payload: Record<string, unknown>;
  path: string;
  message: string;
}

type CaseRow = [name: string, payload: Record<string, unknown>, field: string, message: string];
const cases = (rows: CaseRow[]): Case[] =>
  rows.map(([name, payload, field, message]) => ({
    name,
    payload,
    path: `body.${field}`,
    message,
  }));

const valid = { name: 'Ada Rider', email: 'ada@example.com', password: 'pedal-power' };

const signUpCases = cases([
  ['name missing', { email: valid.email, password: valid.password }, 'name', m.nameRequired],
  ['name blank', { ...valid, name: '   ' }, 'name', m.nameRequired],
  ['email missing', { name: valid.name, password: valid.password }, 'email', m.emailRequired],
  ['email empty', { ...valid, email: '' }, 'email', m.emailRequired],
  ['email invalid', { ...valid, email: 'ada-at-example' }, 'email', m.emailInvalid],
  ['password missing', { name: valid.name, email: valid.email }, 'password', m.passwordRequired],
  ['password empty', { ...valid, password: '' }, 'password', m.passwordRequired],
  ['password short', { ...valid, password: '12345' }, 'password', m.passwordMin],
]);

const signInCases = cases([
  ['email missing', { password: 'secret1' }, 'email', m.emailRequired],
  ['email empty', { email: '', password: 'secret1' }, 'email', m.emailRequired],
  ['email invalid', { email: 'nope', password: 'secret1' }, 'email', m.emailInvalid],
  ['password missing', { email: valid.email }, 'password', m.passwordRequired],
  ['password empty', { email: valid.email, password: '' }, 'password', m.passwordRequired],
  ['password short', { email: valid.email, password: 'abc' }, 'password', m.passwordMin],
]);

const changePasswordCases = cases([
  ['current missing', { newPassword: 'brand-new' }, 'oldPassword', m.currentPasswordRequired],
  [
    'current short',
    { oldPassword: '12', newPassword: 'brand-new' },
    'oldPassword',
    m.currentPasswordRequired,
  ],
  ['new missing', { oldPassword: 'secret-pass-1' }, 'newPassword', m.newPasswordMin],
  [
    'new short',
    { oldPassword: 'secret-pass-1', newPassword: '123' },
    'newPassword',
    m.newPasswordMin,
  ],
]);

describe('spec validation messages come back in details', () => {
  const ctx = useTestContext();
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(ctx);
  });

  const expectDetail = (res: { statusCode: number; json: () => unknown }, c: Case) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { success: boolean; details: { path: string; message: string }[] };
    expect(body.success).toBe(false);
    expect(body.details).toContainEqual({ path: c.path, message: c.message });
  };

  it.each(signUpCases)('sign-up: $name', async (c) => {
    expectDetail(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: c.payload }),
      c,
    );
  });

  it.each(signInCases)('sign-in: $name', async (c) => {
    expectDetail(
      await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: c.payload }),
      c,
    );
  });

  it.each(changePasswordCases)('change password: $name', async (c) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/change-password',
      headers: user.auth,
      payload: c.payload,
    });
    expectDetail(res, c);
  });

  it('reports every broken sign-up field at once', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: {} });
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: m.nameRequired },
        { path: 'body.email', message: m.emailRequired },
        { path: 'body.password', message: m.passwordRequired },
      ]),
    );
  });

  it.each([
    ['a different confirmation', 'brand-old', m.passwordsMustMatch],
    ['an empty confirmation', '', m.confirmPasswordRequired],
  ])(
    'the change-password form refuses %s before anything is sent',
    (_label, confirmPassword, message) => {
      const result = changePasswordFormSchema.safeParse({
        currentPassword: 'secret-pass-1',
        newPassword: 'brand-new',
        confirmPassword,
      });
      expect(result.error?.issues).toContainEqual(
        expect.objectContaining({ path: ['confirmPassword'], message }),
      );
    },
  );
});
