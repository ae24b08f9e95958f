import type { ForgotPasswordBody, ResetPasswordBody } from '#shared/contract/auth.ts';
import type { Envelope } from '#shared/contract/envelope.ts';
import { api } from '#client/lib/api.ts';

/** The two calls of the reset flow; both answer a message and no data. */
export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<string, ForgotPasswordBody>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      transformResponse: (response: Envelope<null>) => response.message,
    }),
    resetPassword: build.mutation<string, ResetPasswordBody>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      transformResponse: (response: Envelope<null>) => response.message,
    }),
  }),
});

export const { useForgotPasswordMutation, useResetPasswordMutation } = passwordResetApi;
