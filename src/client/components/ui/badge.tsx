import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

export type BadgeTone = 'green' | 'amber' | 'red' | 'blue' | 'slate';

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** A short status label. */
export function Badge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string | undefined;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
