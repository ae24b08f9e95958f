import { useState } from 'react';
import { useDashboardSearch } from '../layout/dashboard-search.ts';

/**
 * The page of a list and the top-bar search it is filtered by; a new search starts again at
 * page 1.
 */
export function useListPage(): {
  searchTerm: string;
  page: number;
  setPage: (page: number) => void;
} {
  const searchTerm = useDashboardSearch();
  const [state, setState] = useState({ searchTerm, page: 1 });
  const page = state.searchTerm === searchTerm ? state.page : 1;
  return {
    searchTerm,
    page,
    setPage: (next: number) => {
      setState({ searchTerm, page: next });
      window.scrollTo({ top: 0 });
    },
  };
}
