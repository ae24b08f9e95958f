import { paths } from '#client/lib/paths.ts';
/** Where to go after signing in: the page that asked for it (`state.from`), or the home page. */
export function redirectTarget(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return paths.home;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return paths.home;
  const { pathname } = from;
  // Only paths inside the store, and never back to the sign-in screens.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//'))
    return paths.home;
  if (pathname === paths.signIn || pathname === paths.signUp) return paths.home;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
