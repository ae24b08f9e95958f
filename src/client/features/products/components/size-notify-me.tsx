import { useState } from 'react';
import type { ProductSize } from '#shared/contract/product-sizing.ts';
import { NotifyMe } from '#client/features/stock-alerts/notify-me.tsx';

/**
 * "Notify me" for one sold-out size of a bicycle that other sizes are still in stock of: the
 * shopper picks the size, then gives an email.
 */
export function SizeNotifyMe({
  productId,
  sizes,
}: {
  productId: string;
  sizes: readonly ProductSize[];
}) {
  const soldOut = sizes.filter((s) => s.quantity <= 0);
  const [size, setSize] = useState<string | null>(null);
  if (soldOut.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        Sold out in {soldOut.map((s) => s.label).join(', ')}.{' '}
        {soldOut.map((s) => (
          <button
            key={s.label}
            type="button"
            aria-pressed={size === s.label}
            onClick={() => {
              setSize(size === s.label ? null : s.label);
            }}
            className="mr-2 cursor-pointer font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Notify me: {s.label}
          </button>
        ))}
      </p>
      {size ? <NotifyMe key={size} productId={productId} size={size} /> : null}
    </div>
  );
}
