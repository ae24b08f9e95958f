import { useCallback } from 'react';
import type { Session } from '#shared/contract/auth.ts';
import { api } from '#client/lib/api.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { setCredentials } from '#client/lib/session.ts';

/** Keeps a new session, after dropping everything cached for an earlier visitor. */
export function useStartSession() {
  const dispatch = useAppDispatch();
  return useCallback(
    (session: Session) => {
      dispatch(api.util.resetApiState());
      dispatch(setCredentials({ user: session.user, token: session.accessToken }));
    },
    [dispatch],
  );
}
