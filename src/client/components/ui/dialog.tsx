import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cx } from './class-names.ts';
import { CloseButton, DialogFrame, type DialogState } from './dialog-frame.tsx';

export const DialogTitle = Dialog.Title;

const closeButton =
  'absolute top-3 right-3 z-10 inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-white/90 text-ink shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A centred modal dialog; closes on Escape and on a click outside. Callers render a DialogTitle. */
export function Modal({
  open,
  onOpenChange,
  children,
  className,
  closeLabel = 'Close',
}: DialogState & {
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className={cx(
        'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 animate-pop-in overflow-y-auto rounded-2xl bg-white shadow-2xl focus:outline-none',
        className,
      )}
    >
      {children}
      <CloseButton label={closeLabel} className={closeButton} />
    </DialogFrame>
  );
}
