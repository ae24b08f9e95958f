import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePasswordFormSchema } from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { createUser, type TestUser } from '#server/test/fixtures.ts';
import { createTestContext, type TestContext } from '#server/test/test-app.ts';

const m = messages.form;

interface Case {
  name: string;
  payload: Record<string, unknown>;
  path: string;
  message: string;
}

const valid = { name: 'Ada Rider', email: 'ada@example.com', password: 'pedal-power' };

const signUpCases: Case[] = [
  {
    name: 'name missing',
    payload: { email: valid.email, password: valid.password },
    path: 'body.name',
    message: m.nameRequired,
  },
  {
    name: 'name blank',
    payload: { ...valid, name: '   ' },
    path: 'body.name',
    message: m.nameRequired,
  },
  {
    name: 'email missing',
    payload: { name: valid.name, password: valid.password },
    path: 'body.email',
    message: m.emailRequired,
  },
  {
    name: 'email empty',
    payload: { ...valid, email: '' },
    path: 'body.email',
    message: m.emailRequired,
  },
  {
    name: 'email invalid',
    payload: { ...valid, email: 'ada-at-example' },
    path: 'body.email',
    message: m.emailInvalid,
  },
  {
    name: 'password missing',
    payload: { name: valid.name, email: valid.email },
    path: 'body.password',
    message: m.passwordRequired,
  },
  {
    name: 'password empty',
    payload: { ...valid, password: '' },
    path: 'body.password',
    message: m.passwordRequired,
  },
  {
    name: 'password short',
    payload: { ...valid, password: '12345' },
    path: 'body.password',
    message: m.passwordMin,
  },
];

const signInCases: Case[] = [
  {
    name: 'email missing',
    payload: { password: 'secret1' },
    path: 'body.email',
    message: m.emailRequired,
  },
  {
    name: 'email empty',
    payload: { email: '', password: 'secret1' },
    path: 'body.email',
    message: m.emailRequired,
  },
  {
    name: 'email invalid',
    payload: { email: 'nope', password: 'secret1' },
    path: 'body.email',
    message: m.emailInvalid,
  },
  {
    name: 'password missing',
    payload: { email: valid.email },
    path: 'body.password',
    message: m.passwordRequired,
  },
  {
    name: 'password empty',
    payload: { email: valid.email, password: '' },
    path: 'body.password',
    message: m.passwordRequired,
  },
  {
    name: 'password short',
    payload: { email: valid.email, password: 'abc' },
    path: 'body.password',
    message: m.passwordMin,
  },
];

const changePasswordCases: Case[] = [
  {
    name: 'current missing',
    payload: { newPassword: 'brand-new' },
    path: 'body.oldPassword',
    message: m.currentPasswordRequired,
  },
  {
    name: 'current short',
    payload: { oldPassword: '12', newPassword: 'brand-new' },
    path: 'body.oldPassword',
    message: m.currentPasswordRequired,
  },
  {
    name: 'new missing',
    payload: { oldPassword: 'secret-pass-1' },
    path: 'body.newPassword',
    message: m.newPasswordMin,
  },
  {
    name: 'new short',
    payload: { oldPassword: 'secret-pass-1', newPassword: '123' },
    path: 'body.newPassword',
    message: m.newPasswordMin,
  },
];

describe('spec validation messages come back in details', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    user = await createUser(ctx);
  });
  afterAll(() => ctx.close());

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

  it('the change-password form adds the confirmation rules before anything is sent', () => {
    const result = changePasswordFormSchema.safeParse({
      currentPassword: 'secret-pass-1',
      newPassword: 'brand-new',
      confirmPassword: 'brand-old',
    });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['confirmPassword'], message: m.passwordsMustMatch }),
    );
    const short = changePasswordFormSchema.safeParse({
      currentPassword: 'secret-pass-1',
      newPassword: 'brand-new',
      confirmPassword: '',
    });
    expect(short.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['confirmPassword'], message: m.confirmPasswordRequired }),
    );
  });
});
