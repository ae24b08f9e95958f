import { Icon } from './icon.tsx';
import xIcon from './icons/x.json';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** Whether a dialog is open, and what it calls to open or close. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The base of the modal and the drawer: a dimmed overlay and the dialog's content on top, closing
 * on Escape and on a click outside. The content is placed by `className`.
 */
export function DialogFrame({
  open,
  onOpenChange,
  className,
  overlayClassName = 'fixed inset-0 z-50 animate-fade-in bg-ink/60 backdrop-blur-[2px]',
  children,
}: DialogState & {
  className: string;
  overlayClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content aria-describedby={undefined} className={className}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's close button: an X named by `label`. */
export function CloseButton({ label, className }: { label: string; className: string }) {
  return (
    <Dialog.Close aria-label={label} className={className}>
      <Icon node={xIcon} className="h-5 w-5" />
    </Dialog.Close>
  );
}
