import type { KeyboardEvent } from 'react';
import type { ProductImage } from '#shared/contract/product.ts';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import chevronLeft from 'lucide-react/icons/chevron-left';
import chevronRight from 'lucide-react/icons/chevron-right';
import { stepFor } from './gallery-images.ts';

const arrowButton =
  'inline-flex h-11 w-11 cursor-pointer items-center justify-center rounded-full bg-white text-ink shadow ring-1 ring-slate-200 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The large picture in a dialog: arrow keys and the two buttons (which go round) move through the gallery, Escape
 * closes it and focus goes back to the button that opened it. Loaded only when first opened.
 */
export function GalleryZoom({
  images,
  index,
  onIndexChange,
  open,
  onOpenChange,
}: {
  images: readonly ProductImage[];
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const image = images[index];
  const count = images.length;
  const onKeyDown = (event: KeyboardEvent) => {
    const next = stepFor(event.key, index, count);
    if (next === undefined) return;
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its keys to the page's gallery.
    event.stopPropagation();
    onIndexChange(next);
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} className="max-w-5xl p-3 sm:p-5">
      {/* Arrow keys anywhere in the dialog step through the pictures, as in any lightbox. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above */}
      <div onKeyDown={onKeyDown} className="flex flex-col gap-3">
        <DialogTitle className="pr-12 text-base font-semibold text-ink">
          Picture {index + 1} of {count}
          {image ? <span className="sr-only">: {image.alt}</span> : null}
        </DialogTitle>
        {image ? (
          <img
            src={image.url}
            alt={image.alt}
            className="max-h-[calc(100dvh-12rem)] w-full rounded-xl bg-slate-100 object-contain"
          />
        ) : null}
        {count > 1 ? (
          <div className="flex items-center justify-center gap-4">
            <button
              type="button"
              aria-label="Previous picture"
              onClick={() => {
                onIndexChange((index - 1 + count) % count);
              }}
              className={arrowButton}
            >
              <Icon node={chevronLeft} className="h-5 w-5" />
            </button>
            <span aria-hidden="true" className="text-sm text-slate-600 tabular-nums">
              {index + 1} / {count}
            </span>
            <button
              type="button"
              aria-label="Next picture"
              onClick={() => {
                onIndexChange((index + 1) % count);
              }}
              className={arrowButton}
            >
              <Icon node={chevronRight} className="h-5 w-5" />
            </button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
