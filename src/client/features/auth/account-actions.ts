import { data, type ActionFunctionArgs } from 'react-router';
import { z } from 'zod';
import {
  changePasswordFormSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordFormSchema,
} from '#shared/contract/auth.ts';
import { accountMessages } from '#shared/messages/account.ts';
import { pageFormsMessages } from '#shared/messages/page-forms.ts';
import { paths } from '#client/lib/paths.ts';
import { setUser } from '#client/lib/session.ts';
import { authApi } from './auth-api.ts';
import {
  formIntent,
  openSession,
  sendRequest,
  signInFirst,
  type ActionStore,
  type FormOutcome,
} from './account-action.ts';
import { passwordResetApi } from './password-reset-api.ts';

/** The sign-in form's action (`/sign-in`): in the browser, and on the server for a form sent early. */
export function signInAction({ request }: ActionFunctionArgs, store: ActionStore) {
  return openSession(request, store, {
    fields: ['email', 'password'],
    kept: ['email'],
    schema: loginBodySchema,
    call: (dispatch, body) =>
      dispatch(authApi.endpoints.login.initiate(body, { track: false })).unwrap(),
    success: accountMessages.loginSuccess,
    failure: accountMessages.loginFailed,
  });
}

/** The sign-up form's action (`/sign-up`). */
export function signUpAction({ request }: ActionFunctionArgs, store: ActionStore) {
  return openSession(request, store, {
    fields: ['name', 'email', 'password'],
    kept: ['name', 'email'],
    schema: registerBodySchema,
    call: (dispatch, body) =>
      dispatch(authApi.endpoints.register.initiate(body, { track: false })).unwrap(),
    success: accountMessages.signupSuccess,
    failure: accountMessages.signupFailed,
  });
}

/** The forgot-password form's action (`/forgot-password`): the same answer for every address. */
export function forgotPasswordAction({ request }: ActionFunctionArgs, store: ActionStore) {
  return sendRequest(request, store, {
    fields: ['email'],
    kept: ['email'],
    schema: forgotPasswordBodySchema,
    call: (dispatch, body) =>
      dispatch(passwordResetApi.endpoints.forgotPassword.initiate(body, { track: false })).unwrap(),
    failure: accountMessages.forgotPasswordFailed,
  });
}

/**
 * The reset form's action (`/reset-password?token=…`): the token stays in the address the form is
 * posted to, and goes only to the API. Once reset, the visitor signs in with the new password.
 */
export function resetPasswordAction({ request }: ActionFunctionArgs, store: ActionStore) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) {
    return data(
      { message: accountMessages.resetLinkInvalid, values: {} } satisfies FormOutcome,
      400,
    );
  }
  return sendRequest(request, store, {
    fields: ['newPassword', 'confirmPassword'],
    kept: [],
    schema: resetPasswordFormSchema,
    call: (dispatch, body) =>
      dispatch(
        passwordResetApi.endpoints.resetPassword.initiate(
          { token, newPassword: body.newPassword },
          { track: false },
        ),
      ).unwrap(),
    failure: accountMessages.passwordResetFailed,
    next: paths.signIn,
  });
}

/** The profile form's one field: the spec shows no check of it, the API's refusal says it failed. */
const profileNameSchema = z.object({ name: z.string() });

/**
 * The account page's forms (`/me`), told apart by their `intent`: the password change, and the
 * profile's name (the avatar is the scripts' own: a file and its preview). Without a session the
 * server can see, the visitor signs in first and comes back.
 */
export async function accountAction({ request }: ActionFunctionArgs, store: ActionStore) {
  const away = signInFirst(request, store);
  if (away) return away;
  const intent = await formIntent(request);
  if (intent === 'password') {
    return sendRequest(request, store, {
      intent,
      fields: ['currentPassword', 'newPassword', 'confirmPassword'],
      kept: [],
      schema: changePasswordFormSchema,
      call: async (dispatch, body) => {
        // The answer's fresh token goes into the store (auth-api.ts): every other session ended.
        await dispatch(
          authApi.endpoints.changePassword.initiate(
            { oldPassword: body.currentPassword, newPassword: body.newPassword },
            { track: false },
          ),
        ).unwrap();
        return accountMessages.passwordChanged;
      },
      failure: accountMessages.passwordChangeFailed,
      toastOnly: true,
    });
  }
  if (intent === 'profile') {
    return sendRequest(request, store, {
      intent,
      fields: ['name'],
      kept: ['name'],
      schema: profileNameSchema,
      call: async (dispatch, { name }) => {
        const body = new FormData();
        body.append('name', name);
        const updated = await dispatch(
          authApi.endpoints.updateProfile.initiate(body, { track: false }),
        ).unwrap();
        dispatch(setUser(updated));
        return accountMessages.profileUpdated;
      },
      failure: accountMessages.profileUpdateFailed,
      failureOnly: true,
      toastOnly: true,
    });
  }
  return data({ message: pageFormsMessages.unreadable, values: {} } satisfies FormOutcome, 400);
}
