import type { ReactNode } from 'react';

import { cx } from './class-names.ts';

/**
 * A box that scrolls sideways when its table is wider than the screen. The table holds nothing
 * focusable, so the box itself takes the keyboard's focus and the arrow keys scroll it
 * (axe: scrollable-region-focusable); as a named region a screen reader says what it holds.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never })) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
      tabIndex={0}
      className={cx(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </div>
  );
}
