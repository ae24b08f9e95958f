import { lazy, Suspense, useState } from 'react';
import type { Product } from '#shared/contract/product.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { showNotice } from '#client/components/ui/notice.ts';
import {
  addToCompare,
  compareItemOf,
  MAX_COMPARE,
  removeFromCompare,
  type CompareItem,
} from './compare-storage.ts';
import { useCompareList } from './use-compare-list.ts';

const loadReplaceDialog = () => import('./replace-dialog.tsx');
const ReplaceDialog = lazy(async () => ({ default: (await loadReplaceDialog()).ReplaceDialog }));

/**
 * Puts the bicycle on the compare list, or takes it off: a toggle, so a screen reader hears
 * whether it is on the list. A full list asks which bicycle to replace.
 */
export function CompareButton({
  product,
  className,
}: {
  product: Pick<Product, 'slug' | 'name' | 'brand' | 'thumbnailUrl' | 'imageUrl'>;
  className?: string;
}) {
  const list = useCompareList();
  const [replacing, setReplacing] = useState<CompareItem | null>(null);
  const [everReplaced, setEverReplaced] = useState(false);
  const picked = list.some((item) => item.slug === product.slug);

  const toggle = () => {
    if (picked) {
      removeFromCompare(product.slug);
      return;
    }
    const item = compareItemOf(product);
    const outcome = addToCompare(item);
    if (outcome === 'full') {
      setEverReplaced(true);
      setReplacing(item);
    } else if (outcome === 'added')
      showNotice({ kind: 'success', text: `${product.name} added to compare` });
  };

  return (
    <>
      <button
        type="button"
        aria-pressed={picked}
        onPointerEnter={list.length >= MAX_COMPARE ? () => void loadReplaceDialog() : undefined}
        onClick={toggle}
        className={cx(
          'inline-flex h-9 cursor-pointer items-center justify-center gap-2 self-start rounded-full border px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          picked
            ? 'border-ink bg-ink text-white hover:bg-slate-700'
            : 'border-slate-300 bg-white text-ink hover:border-ink',
          className,
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'inline-flex h-4 w-4 items-center justify-center rounded border text-[11px] leading-none',
            picked ? 'border-white' : 'border-slate-400',
          )}
        >
          {picked ? '✓' : ''}
        </span>
        Compare
      </button>
      {everReplaced ? (
        <Suspense fallback={null}>
          <ReplaceDialog
            item={replacing}
            onClose={() => {
              setReplacing(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
