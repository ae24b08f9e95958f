import { lazy, Suspense, useState } from 'react';
import { fitFinderMessages } from '#shared/messages/fit-finder.ts';
import type { FitFilter } from '#shared/rules/filters.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useRiderFit } from './use-rider-fit.ts';

const loadDialog = () => import('./find-my-size-dialog.tsx');
// The dialog (Radix Dialog and the form) is not in the page's first load: it loads when the
// pointer or focus reaches the button, or when the finder is opened.
const FindMySizeDialog = lazy(async () => ({ default: (await loadDialog()).FindMySizeDialog }));

const t = fitFinderMessages;

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
  // Once opened, the dialog stays mounted so it can close with its animation.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const intent = () => void loadDialog();
  return (
    <div className="flex flex-col gap-2">
      {fit ? (
        <p className="text-sm text-slate-700">{t.summary(fit.riderHeightCm, fit.inseamCm)}</p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onPointerEnter={intent}
        onFocus={intent}
        onClick={() => {
          setOpen(true);
        }}
      >
        {t.open}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <FindMySizeDialog
            open={open}
            onOpenChange={setOpen}
            onDone={(saved) => {
              setOpen(false);
              onSaved?.(saved);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
