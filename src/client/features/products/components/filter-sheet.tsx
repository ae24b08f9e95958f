import slidersHorizontalIcon from '#client/components/ui/icons/sliders-horizontal.json';
import { useEffect, type ReactNode } from 'react';
import { resultsLabel } from '#shared/rules/filters.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Drawer } from '#client/components/ui/drawer.tsx';

/** Where the filter panel becomes a sidebar (Tailwind's `lg`); below it, the sheet. */
const SIDEBAR_QUERY = '(min-width: 64rem)';

/**
 * The filters on a phone or a tablet: a "Filters" button opening a sheet with the panel. Each
 * choice applies at once (the address changes and the list behind reloads), so the button at the
 * bottom names the count of the list for the choices made, and closing gives focus back to
 * "Filters". The sheet closes by itself when the window widens to show the sidebar.
 */
export function FilterSheet({
  open,
  onOpenChange,
  results,
  onClearAll,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list's count for the current filters; absent until the first answer. */
  results: { total: number; totalExact?: boolean } | undefined;
  /** Takes every filter away; absent when none is in force. */
  onClearAll?: (() => void) | undefined;
  children: ReactNode;
}) {
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
      <Button
        icon={slidersHorizontalIcon}
        variant="outline"
        className="w-full lg:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          // Focus goes back to what had it when the sheet opened; a tap does not focus a button
          // in every browser.
          event.currentTarget.focus();
          onOpenChange(true);
        }}
      >
        Filters
      </Button>
      <Drawer
        open={open}
        onOpenChange={onOpenChange}
        title="Filters"
        closeLabel="Close filters"
        footer={
          <div className="flex items-center gap-3">
            {onClearAll ? (
              <Button variant="outline" onClick={onClearAll}>
                Clear all
              </Button>
            ) : null}
            <Button
              className="flex-1"
              aria-live="polite"
              onClick={() => {
                onOpenChange(false);
              }}
            >
              {results ? `Show ${resultsLabel(results)}` : 'Show results'}
            </Button>
          </div>
        }
      >
        {children}
      </Drawer>
    </>
  );
}
