import { Icon } from '#client/components/ui/icon.tsx';
import xIcon from 'lucide-react/icons/x';
import { Link } from 'react-router';
import { buttonClasses } from '#client/components/ui/button.tsx';
import {
  clearCompare,
  MAX_COMPARE,
  removeFromCompare,
  type CompareItem,
} from './compare-storage.ts';
import { comparePath } from './use-compare-list.ts';

/**
 * The picked bicycles, fixed at the bottom of the screen. It sits under the header, its menu and
 * the cart drawer (a lower layer), and leaves room after the page so it never hides the footer.
 */
export function CompareTray({ items }: { items: readonly CompareItem[] }) {
  const enough = items.length >= 2;
  return (
    <>
      <div aria-hidden="true" className="h-32 sm:h-24" />
      <aside
        aria-labelledby="compare-tray-heading"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-8px_24px_rgba(15,23,42,0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <div className="flex items-center justify-between gap-3 sm:block sm:shrink-0">
            <h2 id="compare-tray-heading" className="text-sm font-bold text-ink">
              Compare{' '}
              <span className="font-normal text-slate-600">
                ({items.length} of {MAX_COMPARE})
              </span>
            </h2>
            <button
              type="button"
              onClick={clearCompare}
              className="cursor-pointer text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:mt-0.5"
            >
              Clear
            </button>
          </div>
          <ul className="flex min-w-0 flex-1 gap-2 overflow-x-auto pb-1">
            {items.map((item) => (
              <li
                key={item.slug}
                className="flex shrink-0 items-center gap-1 rounded-full border border-slate-200 bg-white py-1 pr-1 pl-3 text-sm"
              >
                <span className="max-w-36 truncate font-medium text-ink">{item.name}</span>
                <button
                  type="button"
                  aria-label={`Remove ${item.name} from compare`}
                  onClick={() => {
                    removeFromCompare(item.slug);
                  }}
                  className="inline-flex h-8 w-8 cursor-pointer items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <Icon node={xIcon} className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
          {enough ? (
            <Link
              to={comparePath(items.map((item) => item.slug))}
              className={buttonClasses({ size: 'sm', className: 'sm:shrink-0' })}
            >
              Compare {items.length} bicycles
            </Link>
          ) : (
            <p className="text-sm text-slate-600 sm:shrink-0">Add another bicycle to compare.</p>
          )}
        </div>
      </aside>
    </>
  );
}
