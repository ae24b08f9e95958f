import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/toast.ts';
import { accountMessages } from '#shared/messages/account.ts';
import { useAppDispatch } from '#client/lib/hooks.ts';
import { api } from '#client/lib/api.ts';
import { useLogoutMutation } from './auth-api.ts';
import { logout } from '#client/lib/session.ts';
import { forgetSessionHint } from './resume-session.ts';
import { paths } from '#client/lib/paths.ts';

/** Signs out: calls the API, clears the session, toasts and goes to /sign-in. */
export function useLogout(): () => Promise<void> {
  const [logoutCall] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutCall(null).unwrap();
    } catch {
      // The session ends on this device whatever the server answered.
    }
    forgetSessionHint();
    // Leave before the session ends, so a public page is not re-rendered signed out for nothing.
    await navigate(paths.signIn);
    dispatch(logout());
    dispatch(api.util.resetApiState());
    toast.success(accountMessages.logout);
  }, [logoutCall, dispatch, navigate]);
}
