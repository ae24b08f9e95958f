import { lazy, Suspense, useState } from 'react';
import { messages } from '#shared/messages.ts';
import type { FitFilter } from '#shared/rules/filters.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useRiderFit } from './use-rider-fit.ts';

// The form checks with the contract's zod schema: loaded when the finder opens, not with the shop.
const FitFinderForm = lazy(async () => ({
  default: (await import('./fit-finder-form.tsx')).FitFinderForm,
}));

const t = messages.fitFinder;

/** The saved measurements in words and a "Find my size" button that opens the finder. */
export function FindMySize({
  onSaved,
  open: controlledOpen,
  onOpenChange,
}: {
  onSaved?: (fit: FitFilter | null) => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const fit = useRiderFit();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  return (
    <div className="flex flex-col gap-2">
      {fit ? (
        <p className="text-sm text-slate-700">{t.summary(fit.riderHeightCm, fit.inseamCm)}</p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t.open}
      </Button>
      <Modal open={open} onOpenChange={setOpen} className="max-w-md" closeLabel="Close">
        <div className="p-5 sm:p-7">
          <DialogTitle className="pr-10 text-2xl font-black text-ink">{t.title}</DialogTitle>
          <p className="mt-2 mb-5 text-sm text-slate-700">{t.intro}</p>
          {open ? (
            <Suspense fallback={<Spinner />}>
              <FitFinderForm
                onDone={(saved) => {
                  setOpen(false);
                  onSaved?.(saved);
                }}
              />
            </Suspense>
          ) : null}
        </div>
      </Modal>
    </div>
  );
}
