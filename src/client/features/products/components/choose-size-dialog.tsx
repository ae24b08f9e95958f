import shoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { useState } from 'react';
import type { Product } from '#shared/contract/product.ts';
import { sizesMessages } from '#shared/messages/sizes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { DialogTitle, Modal } from '#client/components/ui/dialog.tsx';
import type { DialogState } from '#client/components/ui/dialog-frame.tsx';
import { toCartProduct, useCart } from '#client/features/cart/use-cart.ts';
import { useProductFit } from '../fit/use-product-fit.ts';
import { SizePicker } from './size-picker.tsx';

/** Asks for the size before a sized bicycle goes into the cart from its card. */
export function ChooseSizeDialog({
  product,
  open,
  onOpenChange,
}: DialogState & { product: Product }) {
  const cart = useCart();
  const fit = useProductFit(product);
  const [size, setSize] = useState<string | null>(null);
  const [error, setError] = useState<string>();

  const add = () => {
    const notice = cart.add(toCartProduct(product), size);
    if (notice?.kind === 'success') onOpenChange(false);
    else if (notice?.text === sizesMessages.chooseSize) setError(notice.text);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} className="max-w-md">
      <div className="flex flex-col gap-4 p-5 sm:p-7">
        <div className="pr-10">
          <DialogTitle className="text-xl font-black text-ink">
            {sizesMessages.chooseSize}
          </DialogTitle>
          <p className="mt-1 text-sm text-slate-600">
            {product.brand} {product.name}
          </p>
        </div>
        <SizePicker
          sizes={product.sizes ?? []}
          value={size}
          onChange={(label) => {
            setSize(label);
            setError(undefined);
          }}
          recommended={fit.candidates}
          error={error}
        />
        {fit.text ? <p className="text-sm font-semibold text-brand-700">{fit.text}</p> : null}
        <Button icon={shoppingCartIcon} onClick={add}>
          Add to Cart
        </Button>
      </div>
    </Modal>
  );
}
