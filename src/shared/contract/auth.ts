import { z } from 'zod';
import { accountMessages } from '../messages/account.ts';
import { formMessages } from '../messages/form.ts';
import { emailField, fullNameField } from './fields.ts';
import { userSchema } from './user.ts';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const email = emailField;

const password = z
  .string({ error: formMessages.passwordRequired })
  .min(1, formMessages.passwordRequired)
  .min(PASSWORD_MIN, formMessages.passwordMin)
  .max(PASSWORD_MAX, formMessages.passwordMax);

export const registerBodySchema = z.object({
  name: fullNameField,
  email,
  password,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({ email, password });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A password field whose one message covers both missing and too short. */
const passwordWith = (message: string) =>
  z
    .string({ error: message })
    .min(PASSWORD_MIN, message)
    .max(PASSWORD_MAX, formMessages.passwordMax);
const currentPassword = passwordWith(formMessages.currentPasswordRequired);
const newPassword = passwordWith(formMessages.newPasswordMin);

/** A form's new password typed twice: the copy must be given and must match. */
const confirmPassword = z
  .string({ error: formMessages.confirmPasswordRequired })
  .min(PASSWORD_MIN, formMessages.confirmPasswordRequired);
const typedTwice = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;
const notTypedTwice = { message: formMessages.passwordsMustMatch, path: ['confirmPassword'] };

/** The form on /me; the API receives `{ oldPassword, newPassword }`. */
export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword, confirmPassword })
  .refine(typedTwice, notTypedTwice);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changePasswordBodySchema = z.object({ oldPassword: currentPassword, newPassword });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /auth/forgot-password: the same answer whether or not the email has an account. */
export const forgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /auth/reset-password: the token from the mailed link and the new password. */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: accountMessages.resetLinkInvalid })
    .min(1, accountMessages.resetLinkInvalid)
    .max(200, accountMessages.resetLinkInvalid),
  newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The form on /reset-password: the change-password rules without the current password. */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword })
  .refine(typedTwice, notTypedTwice);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const sessionSchema = z.object({ user: userSchema, accessToken: z.string() });
export type Session = z.infer<typeof sessionSchema>;

/** `data` of a refresh and of a password change: the access token of the caller's session. */
export const accessTokenSchema = z.object({ accessToken: z.string() });

/**
 * Claims of the access JWT. `sid` names the session (the refresh token family) the token belongs
 * to: the token works only while that session is open.
 */
export const accessClaimsSchema = z.object({
  sub: z.uuid(),
  email: z.string(),
  role: z.enum(['admin', 'customer']),
  typ: z.literal('access'),
  sid: z.uuid(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** `data` of answers that carry nothing (logout). */
export const emptyDataSchema = z.null();
