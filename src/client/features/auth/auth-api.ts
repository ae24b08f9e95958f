import type {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  Session,
} from '#shared/contract/auth.ts';
import type { Envelope } from '#shared/contract/envelope.ts';
import type { User } from '#shared/contract/user.ts';
import { api } from '#client/lib/api.ts';
import { setToken, setUser } from '#client/lib/session.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Session, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (response: Envelope<Session>) => response.data,
    }),
    register: build.mutation<Session, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      transformResponse: (response: Envelope<Session>) => response.data,
    }),
    logout: build.mutation<null, null>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      transformResponse: () => null,
    }),
    refresh: build.mutation<{ accessToken: string }, null>({
      query: () => ({ url: '/auth/refresh-token', method: 'POST' }),
      transformResponse: (response: Envelope<{ accessToken: string }>) => response.data,
    }),
    getMe: build.query<User, undefined>({
      query: () => '/users/me',
      transformResponse: (response: Envelope<User>) => response.data,
      providesTags: ['user'],
      // A profile fetch refreshes the stored user and keeps the token.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setUser(data));
        } catch {
          // The page shows the failure; the stored user stays as it was.
        }
      },
    }),
    /** Multipart: `name` and `avatar` (a new file, the kept URL, or "" to remove it). */
    updateProfile: build.mutation<User, FormData>({
      query: (body) => ({ url: '/users/update', method: 'PATCH', body }),
      transformResponse: (response: Envelope<User>) => response.data,
      invalidatesTags: ['user'],
      // The saved values show at once, before the profile is fetched again.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }): Promise<void> {
        try {
          const { data } = await queryFulfilled;
          await dispatch(authApi.util.upsertQueryData('getMe', undefined, data));
        } catch {
          // The form reports the failure.
        }
      },
    }),
    /** Every session ends, this one included; the answer carries this browser's new token. */
    changePassword: build.mutation<string | null, ChangePasswordBody>({
      query: (body) => ({ url: '/users/change-password', method: 'POST', body }),
      transformResponse: (response: Envelope<{ accessToken: string } | null>) =>
        response.data?.accessToken ?? null,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data: token } = await queryFulfilled;
          if (token) dispatch(setToken(token));
        } catch {
          // The form reports the failure.
        }
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useRefreshMutation,
  useGetMeQuery,
  useUpdateProfileMutation,
  useChangePasswordMutation,
} = authApi;
