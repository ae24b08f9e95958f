import { useSyncExternalStore } from 'react';
import { SESSION_HINT_COOKIE } from '#shared/contract/session-hint.ts';
import type { AppDispatch, AppState } from '#client/lib/hooks.ts';
import { logout, setToken } from '#client/lib/session.ts';
import { authApi } from './auth-api.ts';

/** Whether the page's cookies say this browser has a session (the hint beside the refresh cookie). */
export function hasSessionHint(cookies: string): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/** Drops the hint on this device (a sign-out that could not reach the server). */
export function forgetSessionHint(): void {
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

let settled = false;
const settledListeners = new Set<() => void>();

function settle(): void {
  settled = true;
  for (const listener of settledListeners) listener();
}

/**
 * Whether this page has found out its session (the saved one read, a cookie-only one resumed or
 * refused). A page the server drew for a signed-in visitor (decision 032) stands until then, so
 * the guard does not send the visitor away while the session is still on its way. The server's
 * render never settles.
 */
export function useSessionSettled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      settledListeners.add(listener);
      return () => settledListeners.delete(listener);
    },
    () => settled,
    () => false,
  );
}

/**
 * A session opened by a form sent without scripts (decision 031) is only in the browser's cookies:
 * with no saved token but the hint, asks for an access token with the refresh cookie, then for the
 * account, and keeps both as a sign-in in the browser does. A refused refresh clears the cookies.
 */
export async function resumeSession(store: {
  dispatch: AppDispatch;
  getState: () => AppState;
}): Promise<void> {
  try {
    await resume(store);
  } finally {
    settle();
  }
}

async function resume({
  dispatch,
  getState,
}: {
  dispatch: AppDispatch;
  getState: () => AppState;
}): Promise<void> {
  if (getState().auth.token || !hasSessionHint(document.cookie)) return;
  try {
    const { accessToken } = await dispatch(
      authApi.endpoints.refresh.initiate(null, { track: false }),
    ).unwrap();
    // Signed in here meanwhile: that session stands.
    if (getState().auth.token) return;
    dispatch(setToken(accessToken));
    const me = dispatch(authApi.endpoints.getMe.initiate(undefined));
    try {
      // The profile fetch keeps the account in the session (auth-api.ts).
      await me.unwrap();
    } finally {
      me.unsubscribe();
    }
  } catch {
    // Refused or unreachable: the visitor stays signed out, as without the hint.
    if (getState().auth.token && !getState().auth.user) dispatch(logout());
  }
}
