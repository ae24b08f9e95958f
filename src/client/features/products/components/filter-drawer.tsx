import type { ReactNode } from 'react';
import { resultsLabel } from '#shared/rules/filters.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Drawer } from '#client/components/ui/drawer.tsx';

export interface FilterDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The list's count for the current filters; absent until the first answer. */
  results: { total: number; totalExact?: boolean } | undefined;
  /** Takes every filter away; absent when none is in force. */
  onClearAll?: (() => void) | undefined;
  children: ReactNode;
}

/** The sheet itself: the panel, and "Show N results" that closes it. Loaded on first use. */
export function FilterDrawer({
  open,
  onOpenChange,
  results,
  onClearAll,
  children,
}: FilterDrawerProps) {
  return (
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
  );
}
