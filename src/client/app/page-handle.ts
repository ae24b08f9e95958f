/**
 * What a route tells the server renderer beyond its loader: the module holding its component
 * (fetched beside the entry instead of after it), whether its HTML may be kept in the page cache,
 * and whether it is rendered in the browser only.
 */
export interface PageHandle {
  module?: string;
  /** Shows the catalog only: kept in the page cache until the catalog changes. */
  catalog?: boolean;
  /** Rendered in the browser only (behind a guard, or per shopper). */
  clientOnly?: boolean;
}

/** The handles of the matched routes, outermost first. */
export function pageHandles(matches: readonly { route: { handle?: unknown } }[]): PageHandle[] {
  return matches.flatMap((m) => (m.route.handle ? [m.route.handle as PageHandle] : []));
}
