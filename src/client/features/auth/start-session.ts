import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Session } from '#shared/contract/auth.ts';
import { api, errorMessage } from '#client/lib/api.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { setCredentials } from '#client/lib/session.ts';

/**
 * Signing in and signing up: keeps the session the server answers (after dropping everything
 * cached for an earlier visitor), says so and goes on to `to`; a refusal is the server's message,
 * or `failure` when it gave none.
 */
export function useOpenSession({ success, failure }: { success: string; failure: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (request: Promise<Session>, to: string) => {
      try {
        const session = await request;
        dispatch(api.util.resetApiState());
        dispatch(setCredentials({ user: session.user, token: session.accessToken }));
        toast.success(success);
        await navigate(to, { replace: true });
      } catch (error) {
        toast.error(errorMessage(error) ?? failure);
      }
    },
    [dispatch, navigate, success, failure],
  );
}
