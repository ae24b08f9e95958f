import type { ActionFunctionArgs } from 'react-router';
import {
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
} from '#shared/contract/auth.ts';
import { messages } from '#shared/messages.ts';
import { authApi } from './auth-api.ts';
import { openSession, sendRequest, type ActionStore } from './account-action.ts';
import { passwordResetApi } from './password-reset-api.ts';

/** The sign-in form's action (`/sign-in`): in the browser, and on the server for a form sent early. */
export function signInAction({ request }: ActionFunctionArgs, store: ActionStore) {
  return openSession(request, store, {
    fields: ['email', 'password'],
    kept: ['email'],
    schema: loginBodySchema,
    call: (dispatch, body) =>
      dispatch(authApi.endpoints.login.initiate(body, { track: false })).unwrap(),
    success: messages.account.loginSuccess,
    failure: messages.account.loginFailed,
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
    success: messages.account.signupSuccess,
    failure: messages.account.signupFailed,
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
    failure: messages.account.forgotPasswordFailed,
  });
}
