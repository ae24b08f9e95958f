import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseButton, DialogFrame, type DialogState } from './dialog-frame.tsx';

/** A dialog that slides in from the right edge; closes on Escape and on a click outside. */
export function Drawer({
  open,
  onOpenChange,
  title,
  children,
  footer,
  closeLabel = 'Close',
}: DialogState & {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  closeLabel?: string;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md animate-slide-in-right flex-col bg-white shadow-2xl focus:outline-none"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <Dialog.Title className="text-lg font-bold text-ink">{title}</Dialog.Title>
        <CloseButton
          label={closeLabel}
          className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? <div className="border-t border-slate-200 px-5 py-4">{footer}</div> : null}
    </DialogFrame>
  );
}
