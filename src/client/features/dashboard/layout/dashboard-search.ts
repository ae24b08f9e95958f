import { useOutletContext } from 'react-router';
import { paths } from '#client/lib/paths.ts';

export interface DashboardOutletContext {
  searchTerm: string;
}

/** The top-bar search, debounced, for the list on the current screen. */
export function useDashboardSearch(): string {
  return useOutletContext<DashboardOutletContext>().searchTerm;
}

const LISTS: { path: string; placeholder: string }[] = [
  { path: paths.dashboard.bicycles, placeholder: 'Search bicycles' },
  { path: paths.dashboard.users, placeholder: 'Search users' },
  { path: paths.dashboard.orders, placeholder: 'Search orders' },
];

/** The placeholder of the search box on a screen that shows a list; null where there is none. */
export function searchPlaceholder(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return LISTS.find((list) => list.path === path)?.placeholder ?? null;
}
