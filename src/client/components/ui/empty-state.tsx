import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { buttonClasses } from './button.tsx';
import { Icon, type IconNode } from './icon.tsx';

/** A list with nothing in it yet: a faint icon, the message and the way on, to the shop. */
export function EmptyState({ icon, message }: { icon: IconNode; message: ReactNode }) {
  return (
    <div className="mt-8 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
      <Icon node={icon} className="h-14 w-14 text-slate-300" strokeWidth={1.25} />
      <p className="text-xl font-bold text-ink">{message}</p>
      <Link to={paths.shop} className={buttonClasses()}>
        Browse bicycles
      </Link>
    </div>
  );
}
