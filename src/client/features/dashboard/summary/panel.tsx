import type { ReactNode } from 'react';
import { cx } from '#client/components/ui/class-names.ts';

/** One of the summary's white boxes, a section named by its heading (`headingId`). */
export function Panel({
  headingId,
  title,
  className,
  children,
}: {
  headingId: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className={cx('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
