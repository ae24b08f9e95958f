import { createContext, useContext } from 'react';

/**
 * The store front's absolute origin (APP_URL), for addresses that must be absolute in the page
 * itself, such as the structured data of a product. The server renderer provides APP_URL; in the
 * browser the page's own origin is the same address.
 */
export const SiteOrigin = createContext<string>(
  (globalThis as { location?: { origin?: string } }).location?.origin ?? '',
);

export function useSiteOrigin(): string {
  return useContext(SiteOrigin);
}
