import { Icon } from '#client/components/ui/icon.tsx';
import chevronRightIcon from 'lucide-react/icons/chevron-right';
import type { ReactNode } from 'react';

/**
 * One section of the filter panel that folds away under its title: a native disclosure, so it
 * works before the scripts run. Sections start open; the group inside keeps its own (hidden)
 * legend, which names it for a screen reader.
 */
export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="group border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <summary className="flex cursor-pointer list-none items-center justify-between rounded text-sm font-bold tracking-wide text-ink uppercase focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        {title}
        <Icon
          node={chevronRightIcon}
          className="h-4 w-4 rotate-90 text-slate-600 transition-transform group-open:-rotate-90"
        />
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}
