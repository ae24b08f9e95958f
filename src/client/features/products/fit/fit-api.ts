import type { Envelope } from '#shared/contract/envelope.ts';
import type { RiderFitBody, User } from '#shared/contract/user.ts';
import { api } from '#client/lib/api.ts';
import { setUser } from '#client/lib/session.ts';

/** Keeps a signed-in rider's measurements on the account (PUT /users/me/fit). */
const fitApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveRiderFit: build.mutation<User, RiderFitBody>({
      query: (body) => ({ url: '/users/me/fit', method: 'PUT', body }),
      transformResponse: (response: Envelope<User>) => response.data,
      // The stored user carries the measurements; the answer is the account as it now is.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setUser(data));
        } catch {
          // The caller reports the failure.
        }
      },
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useSaveRiderFitMutation } = fitApi;
