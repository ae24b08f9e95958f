import { useOutletContext } from 'react-router';

export interface DashboardOutletContext {
  searchTerm: string;
}

/** The top-bar search, debounced, for the list on the current screen. */
export function useDashboardSearch(): string {
  return useOutletContext<DashboardOutletContext>().searchTerm;
}

const LISTS: { path: string; placeholder: string }[] = [
  { path: '/dashboard/bicycle-management', placeholder: 'Search bicycles' },
  { path: '/dashboard/user-management', placeholder: 'Search users' },
  { path: '/dashboard/order-management', placeholder: 'Search orders' },
];

/** The placeholder of the search box on a screen that shows a list; null where there is none. */
export function searchPlaceholder(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return LISTS.find((list) => list.path === path)?.placeholder ?? null;
}
