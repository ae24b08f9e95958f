import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '#client/app/hooks.ts';
import { selectToken } from './auth-slice.ts';

/** Sends signed-out visitors to /sign-in, replacing history, with the attempted location as `from`. */
export function RequireAuth() {
  const token = useAppSelector(selectToken);
  const location = useLocation();
  if (!token) return <Navigate to="/sign-in" replace state={{ from: location }} />;
  return <Outlet />;
}
