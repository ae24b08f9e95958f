import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectToken } from '#client/lib/session.ts';
import { paths } from '#client/lib/paths.ts';
import { useSessionSettled } from './resume-session.ts';

/** Whether the server drew this page for its signed-in visitor (decision 032). */
function drawnForShopper(matches: readonly { loaderData: unknown }[]): boolean {
  return matches.some((match) => {
    const data = match.loaderData;
    return typeof data === 'object' && data !== null && 'drawnForShopper' in data;
  });
}

/**
 * Sends signed-out visitors to /sign-in, replacing history, with the attempted location as `from`.
 * A page the server drew for a signed-in visitor stays while this page finds its session (the
 * saved one, or one resumed from the cookies), so the scripts adopt it as it is.
 */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  const drawn = drawnForShopper(useMatches());
  const settled = useSessionSettled();
  if (!token && !(drawn && !settled)) {
    return <Navigate to={paths.signIn} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
