import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import type { FitFilter } from '#shared/rules/filters.ts';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import type { DialogState } from '#client/components/ui/dialog-frame.tsx';
import { FitFinderForm } from './fit-finder-form.tsx';

const t = fitFinderMessages;

/**
 * The finder's dialog (Radix Dialog) and its form, in one chunk: loaded when the shopper reaches
 * for "Find my size".
 */
export function FindMySizeDialog({
  open,
  onOpenChange,
  onDone,
}: DialogState & {
  onDone: (fit: FitFilter | null) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} className="max-w-md" closeLabel="Close">
      <div className="p-5 sm:p-7">
        <DialogTitle className="pr-10 text-2xl font-black text-ink">{t.title}</DialogTitle>
        <p className="mt-2 mb-5 text-sm text-slate-700">{t.intro}</p>
        {open ? <FitFinderForm onDone={onDone} /> : null}
      </div>
    </Modal>
  );
}
