import { Icon } from '#client/components/ui/icon.tsx';
import menuIcon from 'lucide-react/icons/menu';
import searchIcon from 'lucide-react/icons/search';
import xIcon from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DialogFrame } from '#client/components/ui/dialog-frame.tsx';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectCurrentUser } from '#client/lib/session.ts';
import { AccountMenu } from './account-menu.tsx';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { AddressSearchInput } from './address-search-input.tsx';
import { listSearch, type DashboardOutletContext } from './dashboard-search.ts';
import { SidebarNav } from './sidebar-nav.tsx';

const searchInputClass =
  'w-full rounded-lg border border-slate-300 bg-slate-50 py-2 pr-3 pl-9 text-sm outline-none focus:border-emerald-500 focus:bg-white focus:ring-2 focus:ring-emerald-200 disabled:cursor-not-allowed disabled:opacity-60';

/** Sidebar (a drawer on small screens), top bar with search and account menu, and the screen. */
export function DashboardLayout() {
  const user = useAppSelector(selectCurrentUser);
  const { pathname, key } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The search belongs to the visit of the screen it was typed on; every navigation starts empty.
  const [search, setSearch] = useState({ key, text: '' });
  const settled = useDebouncedValue(search, 300);
  const text = search.key === key ? search.text : '';
  const searchTerm = settled.key === key && search.key === key ? settled.text.trim() : '';
  const list = listSearch(pathname);
  const placeholder = list?.placeholder ?? null;
  const context: DashboardOutletContext = { searchTerm };

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 md:flex">
      {/* The dark column runs the full page height; the sidebar in it stays in view. */}
      <div className="hidden w-64 shrink-0 bg-slate-900 md:block">
        <aside aria-label="Sidebar" className="sticky top-0 h-screen overflow-y-auto">
          <SidebarNav />
        </aside>
      </div>

      <DialogFrame
        open={menuOpen}
        onOpenChange={setMenuOpen}
        overlayClassName="fixed inset-0 z-40 bg-slate-950/60 md:hidden"
        className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-slate-900 shadow-xl outline-none md:hidden"
      >
        <Dialog.Title className="sr-only">Dashboard menu</Dialog.Title>
        <Dialog.Close
          aria-label="Close menu"
          className="absolute top-5 right-3 rounded-md p-1.5 text-slate-300 hover:bg-slate-800 hover:text-white"
        >
          <Icon node={xIcon} className="h-5 w-5" />
        </Dialog.Close>
        <SidebarNav onNavigate={() => setMenuOpen(false)} />
      </DialogFrame>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-8">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Icon node={menuIcon} className="h-6 w-6" />
          </button>
          <div role="search" className="relative min-w-0 flex-1 md:max-w-md">
            <label htmlFor="dashboard-search" className="sr-only">
              Search
            </label>
            <Icon
              node={searchIcon}
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
            />
            {list?.addressKey ? (
              <AddressSearchInput
                addressKey={list.addressKey}
                id="dashboard-search"
                type="search"
                placeholder={list.placeholder}
                maxLength={100}
                className={searchInputClass}
              />
            ) : (
              <input
                id="dashboard-search"
                type="search"
                value={text}
                disabled={placeholder === null}
                placeholder={placeholder ?? 'Search'}
                onChange={(e) => setSearch({ key, text: e.target.value })}
                maxLength={100}
                className={searchInputClass}
              />
            )}
          </div>
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden max-w-40 truncate text-sm font-medium text-slate-700 sm:block">
              {user?.name}
            </span>
            <AccountMenu user={user} />
          </div>
        </header>
        <main className="flex-1 px-4 py-6 md:px-8 md:py-8">
          <Outlet context={context} />
        </main>
      </div>
    </div>
  );
}
