import { useOutletContext } from 'react-router';
import { paths } from '#client/lib/paths.ts';

export interface DashboardOutletContext {
  searchTerm: string;
}

/** The top-bar search, debounced, for the list on the current screen. */
export function useDashboardSearch(): string {
  return useOutletContext<DashboardOutletContext>().searchTerm;
}

interface ListSearch {
  path: string;
  placeholder: string;
  /** The query key the term is kept under in the address, for a list that is shared by link. */
  addressKey?: string;
}

const LISTS: ListSearch[] = [
  { path: paths.dashboard.bicycles, placeholder: 'Search bicycles' },
  { path: paths.dashboard.users, placeholder: 'Search users' },
  {
    path: paths.dashboard.orders,
    placeholder: 'Search orders by number, customer or bicycle',
    addressKey: 'searchTerm',
  },
];

/** The search of the screen's list; null where the screen shows none. */
export function listSearch(pathname: string): ListSearch | null {
  const path = pathname.replace(/\/+$/, '');
  return LISTS.find((list) => list.path === path) ?? null;
}

/** The placeholder of the search box on a screen that shows a list; null where there is none. */
export function searchPlaceholder(pathname: string): string | null {
  return listSearch(pathname)?.placeholder ?? null;
}
