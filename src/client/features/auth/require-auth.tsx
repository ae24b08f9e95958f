import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectToken } from '#client/lib/session.ts';
import { paths } from '#client/lib/paths.ts';

/** Sends signed-out visitors to /sign-in, replacing history, with the attempted location as `from`. */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  if (!token) return <Navigate to={paths.signIn} replace state={{ from: location }} />;
  return <Outlet />;
}
