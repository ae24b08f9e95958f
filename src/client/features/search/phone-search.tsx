import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '#client/components/ui/icon.tsx';
import searchIcon from 'lucide-react/icons/search';
import { HeaderSearch } from './header-search.tsx';

/**
 * The header search on a small screen: an icon that opens the search box under the header. A
 * native disclosure, so it opens before any script runs; going anywhere closes it.
 */
export function PhoneSearch({ className }: { className?: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname, location.search]);

  return (
    <details
      ref={details}
      className={className}
      onToggle={(event) => {
        if (event.currentTarget.open) event.currentTarget.querySelector('input')?.focus();
      }}
    >
      <summary
        aria-label="Search"
        className="inline-flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
      >
        <Icon node={searchIcon} className="h-5 w-5" />
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-3 py-3 shadow-md">
        <HeaderSearch />
      </div>
    </details>
  );
}
