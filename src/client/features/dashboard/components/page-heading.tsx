import type { ReactNode } from 'react';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">{title}</h1>
      {children ? <p className="mt-1 text-sm text-slate-600 md:text-base">{children}</p> : null}
    </div>
  );
}
