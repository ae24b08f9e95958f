import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PageMeta } from '#shared/contract/envelope.ts';

const buttonClass =
  'inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/** Previous / Next through a paged list; hidden when everything fits on one page. */
export function Pager({
  meta,
  onPage,
  label,
}: {
  meta: PageMeta | undefined;
  onPage: (page: number) => void;
  label: string;
}) {
  if (!meta || meta.totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonClass}
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      <p className="text-sm text-slate-600">
        Page {meta.page} of {meta.totalPages}
        <span className="hidden sm:inline"> · {meta.total} in all</span>
      </p>
      <button
        type="button"
        className={buttonClass}
        disabled={meta.page >= meta.totalPages}
        onClick={() => onPage(meta.page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
