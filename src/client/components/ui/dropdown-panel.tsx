import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

/** A dropdown menu's open panel, under its trigger's right edge. */
export function DropdownPanel({ className, children }: { className: string; children: ReactNode }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content align="end" sideOffset={8} className={className}>
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
