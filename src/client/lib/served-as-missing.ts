import { useMatches } from 'react-router';
import type { PageHead } from '#shared/contract/page-render.ts';

/**
 * Whether the server answered this page as not found (a `404` drawn for its visitor, decision
 * 032). The page shows the same, without asking the API again: when the page first renders in the
 * browser its saved session is not read yet, and the question would be refused as anonymous.
 */
export function useServedAsMissing(): boolean {
  return useMatches().some((match) => {
    const data = match.loaderData as { head?: PageHead } | null | undefined;
    return data?.head?.missing === true;
  });
}
