import { paths } from '#client/lib/paths.ts';

/** An origin no real page has: a target that resolves elsewhere names another site. */
const PROBE_ORIGIN = 'https://store.invalid';

/**
 * A path of this store to go to, or null: one leading slash (no `//host`), no backslash (which
 * browsers read as a slash) and no control characters, and resolving on this store's own origin.
 * Anything else in a `redirect` query (an absolute URL, `javascript:`) would send a visitor who
 * just signed in to a page of someone else's choosing.
 */
export function storePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value))
    return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Never back to the sign-in screens themselves.
  if (url.pathname === paths.signIn || url.pathname === paths.signUp) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page a guard sent the visitor from (`state.from`, a router location), if any. */
function fromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return null;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return typeof from.pathname === 'string' ? storePath(`${from.pathname}${search}${hash}`) : null;
}

/**
 * Where to go after signing in or up: the page that asked for it, named by the router's
 * `state.from` (a guarded page) or by the address's `redirect` query (the cart and the checkout
 * page, which survives a reload and the way between sign-in and sign-up); else the home page.
 */
export function redirectTarget(state: unknown, search = ''): string {
  return fromState(state) ?? storePath(new URLSearchParams(search).get('redirect')) ?? paths.home;
}

/** The query that carries a target on to the other account page (empty for the home page). */
export function redirectQuery(target: string): string {
  return target === paths.home ? '' : `?${new URLSearchParams({ redirect: target }).toString()}`;
}
