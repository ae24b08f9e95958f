import { Icon } from './icon.tsx';
import xIcon from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';

/** Whether a dialog is open, and what it calls to open or close. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The base of the modal and the drawer: a dimmed overlay and the dialog's content on top, closing
 * on Escape and on a click outside. The content is placed by `className`. Focus starts on the
 * element marked `data-autofocus`, else on the first control, and goes back on close to the
 * control that had it when the dialog opened.
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
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content
          aria-describedby={undefined}
          className={className}
          onOpenAutoFocus={(event) => {
            // Focus has not moved yet: it is still on whatever opened the dialog.
            const active = document.activeElement;
            opener.current = active instanceof HTMLElement ? active : null;
            const content = event.currentTarget;
            const marked =
              content instanceof HTMLElement
                ? content.querySelector<HTMLElement>('[data-autofocus]')
                : null;
            if (!marked) return;
            event.preventDefault();
            marked.focus();
          }}
          onCloseAutoFocus={(event) => {
            // These dialogs open from state, not from a Dialog.Trigger, so Radix has no trigger
            // to give focus back to and would leave it on the page's body.
            const target = opener.current;
            opener.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
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
