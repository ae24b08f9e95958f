import slidersHorizontalIcon from 'lucide-react/icons/sliders-horizontal';
import { lazy, Suspense, useEffect, useState } from 'react';
import { buttonClasses } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import type { FilterDrawerProps } from './filter-drawer.tsx';

const loadDrawer = () => import('./filter-drawer.tsx');
// The sheet (Radix Dialog) is not in the shop's first load: it loads when the pointer or focus
// reaches "Filters", or when the sheet opens.
const FilterDrawer = lazy(async () => ({ default: (await loadDrawer()).FilterDrawer }));

/** Where the filter panel becomes a sidebar (Tailwind's `lg`); below it, the sheet. */
const SIDEBAR_QUERY = '(min-width: 64rem)';

/**
 * The filters on a phone or a tablet: a "Filters" link opening a sheet with the panel. Each
 * choice applies at once (the address changes and the list behind reloads), so the button at the
 * bottom names the count of the list for the choices made, and closing gives focus back to
 * "Filters". The sheet closes by itself when the window widens to show the sidebar.
 */
export function FilterSheet({
  open,
  onOpenChange,
  sidebarId,
  ...drawer
}: FilterDrawerProps & {
  /** The sidebar's id: without scripts, "Filters" is a link that shows it in place. */
  sidebarId: string;
}) {
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(SIDEBAR_QUERY);
    const close = () => {
      if (wide.matches) onOpenChange(false);
    };
    close();
    wide.addEventListener('change', close);
    return () => {
      wide.removeEventListener('change', close);
    };
  }, [open, onOpenChange]);

  return (
    <>
      {/* A link to the sidebar, which shows in place when it is the address's target: so
          "Filters" works without scripts and when tapped before they ran. Once they run, a tap
          opens the sheet instead. */}
      <a
        href={`#${sidebarId}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={buttonClasses({ variant: 'outline', className: 'w-full lg:hidden' })}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={(event) => {
          event.preventDefault();
          // Focus goes back to what had it when the sheet opened; a tap does not focus a link in
          // every browser.
          event.currentTarget.focus();
          onOpenChange(true);
        }}
      >
        <Icon node={slidersHorizontalIcon} className="h-4 w-4" />
        Filters
      </a>
      {loaded ? (
        <Suspense fallback={null}>
          <FilterDrawer open={open} onOpenChange={onOpenChange} {...drawer} />
        </Suspense>
      ) : null}
    </>
  );
}
