import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icon.tsx';
import chevronLeftIcon from 'lucide-react/icons/chevron-left';
import chevronRightIcon from 'lucide-react/icons/chevron-right';
import { cx } from './class-names.ts';

/** Page numbers to show: the first, the last, and a window around the current page. */
function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
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

const numberedItem =
  'inline-flex h-10 min-w-10 cursor-pointer items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';
const numberedStep = cx(numberedItem, 'text-ink hover:bg-slate-100');

const summaryStep =
  'inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 transition hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * One step of the pager: a button, or with `href` a link to the page (which works without the
 * scripts; with them, `onPick` takes the click). A step that leads nowhere is a disabled button.
 */
function Step({
  href,
  disabled = false,
  onPick,
  className,
  children,
  ...aria
}: {
  href: string | undefined;
  disabled?: boolean;
  onPick: () => void;
  className: string;
  children: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page' | undefined;
}) {
  if (href === undefined || disabled)
    return (
      <button type="button" className={className} disabled={disabled} onClick={onPick} {...aria}>
        {children}
      </button>
    );
  return (
    <Link
      to={href}
      className={className}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        onPick();
      }}
      {...aria}
    >
      {children}
    </Link>
  );
}

/**
 * Previous / Next through a paged list, hidden when everything fits on one page. `numbered` shows
 * buttons for the pages around the current one; otherwise "Page 2 of 5" (and "· 48 in all" when
 * `total` is given) sits between the two steps. `more` says pages follow the last one known (a
 * bounded count): the last button is then not the end. `hrefOf` makes the steps links to their
 * pages' addresses.
 */
export function Pager({
  page,
  totalPages,
  total,
  onPageChange,
  label = 'Pages',
  numbered = false,
  more = false,
  hrefOf,
}: {
  page: number;
  totalPages: number;
  total?: number;
  onPageChange: (page: number) => void;
  label?: string;
  numbered?: boolean;
  more?: boolean;
  hrefOf?: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const step = numbered ? numberedStep : summaryStep;
  return (
    <nav
      aria-label={label}
      className={
        numbered
          ? 'flex flex-wrap items-center justify-center gap-1'
          : 'mt-6 flex items-center justify-between gap-3'
      }
    >
      <Step
        href={hrefOf?.(page - 1)}
        className={step}
        disabled={page <= 1}
        onPick={() => {
          onPageChange(page - 1);
        }}
      >
        <Icon node={chevronLeftIcon} className="h-4 w-4" />
        Previous
      </Step>
      {numbered ? (
        pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${String(i)}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </span>
          ) : (
            <Step
              key={p}
              href={hrefOf?.(p)}
              aria-label={`Page ${String(p)}`}
              aria-current={p === page ? 'page' : undefined}
              className={cx(
                numberedItem,
                p === page ? 'bg-ink text-white' : 'text-ink hover:bg-slate-100',
              )}
              onPick={() => {
                onPageChange(p);
              }}
            >
              {p}
            </Step>
          ),
        )
      ) : (
        <p className="text-sm text-slate-600">
          Page {page} of {totalPages}
          {total === undefined ? null : <span className="hidden sm:inline"> · {total} in all</span>}
        </p>
      )}
      {numbered && more ? (
        <span aria-hidden="true" className="px-1 text-slate-500">
          …
        </span>
      ) : null}
      <Step
        href={hrefOf?.(page + 1)}
        className={step}
        disabled={page >= totalPages}
        onPick={() => {
          onPageChange(page + 1);
        }}
      >
        Next
        <Icon node={chevronRightIcon} className="h-4 w-4" />
      </Step>
    </nav>
  );
}
