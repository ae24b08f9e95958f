import type { Params } from 'react-router';
import type { PageHandle, PageMeta } from './page-handle.ts';
import type { AppState } from '#client/lib/hooks.ts';

/** A match from `useMatches()` (handle on it) or from the static handler (handle on its route). */
interface MatchLike {
  params: Params;
  handle?: unknown;
  route?: { handle?: unknown };
}

/** The handle of the deepest matched route that has one. */
export function pageHandle(matches: readonly MatchLike[]): PageHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const handle = (match?.handle ?? match?.route?.handle) as PageHandle | undefined;
    if (handle) return handle;
  }
  return undefined;
}

/** The head of the page the matches name, from its route and the data the store holds. */
export function pageMeta(
  matches: readonly MatchLike[],
  state: AppState,
  url: URL,
): PageMeta | undefined {
  const handle = pageHandle(matches);
  const params = matches[matches.length - 1]?.params ?? {};
  return handle?.meta?.(state, { url, params });
}
