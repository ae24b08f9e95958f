/**
 * What a route tells the server renderer beyond its loader: whether its HTML may be kept in the
 * page cache, and whose page it is.
 */
export interface PageHandle {
  /** Shows the catalog only: kept in the page cache until the catalog changes. */
  catalog?: boolean;
  /** Rendered in the browser only (behind a guard). */
  clientOnly?: boolean;
  /**
   * Shows one shopper's account and takes its forms (decision 032): the server asks who is signed
   * in before rendering it, sends a visitor without a session to sign in, and never stores it.
   */
  account?: boolean;
  /** Its address carries a secret (a reset link): rendered for each request, stored by no cache. */
  private?: boolean;
  /**
   * Shows one shopper's own data: the server sends the page's frame (the layout, and the page in
   * its loading state) and the browser draws it afresh once the saved session is back, instead of
   * adopting markup made for nobody in particular.
   */
  perShopper?: boolean;
}

/** The handles of the matched routes, outermost first. */
export function pageHandles(matches: readonly { route: { handle?: unknown } }[]): PageHandle[] {
  return matches.flatMap((m) => (m.route.handle ? [m.route.handle as PageHandle] : []));
}
