import { Button } from '#client/components/ui/button.tsx';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import { showNotice } from '#client/components/ui/notice.ts';
import { MAX_COMPARE, replaceInCompare, type CompareItem } from './compare-storage.ts';
import { useCompareList } from './use-compare-list.ts';

/** The list is full: the shopper names the bicycle the new one takes the place of, or keeps it. */
export function ReplaceDialog({
  item,
  onClose,
}: {
  item: CompareItem | null;
  onClose: () => void;
}) {
  const list = useCompareList();
  return (
    <Modal
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="max-w-md"
    >
      <div className="flex flex-col gap-4 p-5 sm:p-7">
        <div className="pr-10">
          <DialogTitle className="text-xl font-black text-ink">Replace a bicycle?</DialogTitle>
          <p className="mt-1 text-sm text-slate-600">
            You can compare up to {MAX_COMPARE} bicycles. Choose one to replace with{' '}
            <span className="font-semibold text-ink">{item?.name}</span>.
          </p>
        </div>
        <ul className="flex flex-col gap-2">
          {list.map((old) => (
            <li
              key={old.slug}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-2 pl-3"
            >
              <span className="min-w-0 text-sm">
                <span className="block truncate font-semibold text-ink">{old.name}</span>
                <span className="block truncate text-slate-600">{old.brand}</span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Replace ${old.name}`}
                onClick={() => {
                  if (!item) return;
                  replaceInCompare(old.slug, item);
                  showNotice({ kind: 'success', text: `${item.name} added to compare` });
                  onClose();
                }}
              >
                Replace
              </Button>
            </li>
          ))}
        </ul>
        <Button variant="ghost" onClick={onClose} className="self-end">
          Keep my list
        </Button>
      </div>
    </Modal>
  );
}
