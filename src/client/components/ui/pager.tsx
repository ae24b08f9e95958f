import { ChevronLeft } from './icons/chevron-left.tsx';
import { ChevronRight } from './icons/chevron-right.tsx';
import { cx } from './class-names.ts';

/** Page numbers to show: the first, the last, and a window around the current page. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

const item =
  'inline-flex h-10 min-w-10 cursor-pointer items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';

export function Pager({
  page,
  totalPages,
  onPageChange,
  label = 'Pages',
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={cx(item, 'text-ink hover:bg-slate-100')}
        disabled={page <= 1}
        onClick={() => {
          onPageChange(page - 1);
        }}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Previous
      </button>
      {pageWindow(page, totalPages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${String(i)}`} aria-hidden="true" className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            aria-label={`Page ${String(p)}`}
            aria-current={p === page ? 'page' : undefined}
            className={cx(item, p === page ? 'bg-ink text-white' : 'text-ink hover:bg-slate-100')}
            onClick={() => {
              onPageChange(p);
            }}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={cx(item, 'text-ink hover:bg-slate-100')}
        disabled={page >= totalPages}
        onClick={() => {
          onPageChange(page + 1);
        }}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
