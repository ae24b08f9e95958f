import { Icon } from '#client/components/ui/icon.tsx';
import minusIcon from '#client/components/ui/icons/minus.json';
import plusIcon from '#client/components/ui/icons/plus.json';
import { lineKey, type CartItem } from '#shared/rules/cart.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectCanDecrease, selectCanIncrease } from '../cart-slice.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { useCart } from '../use-cart.ts';

const step =
  'inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Minus, count, plus. At a limit the button dims but still answers, with the spec's toast. */
export function QuantityControl({ item }: { item: CartItem }) {
  const cart = useCart();
  const key = lineKey(item);
  const atMin = !useAppSelector((state) => selectCanDecrease(state, key));
  const atMax = !useAppSelector((state) => selectCanIncrease(state, key));
  return (
    <div className="inline-flex items-center rounded-full border border-slate-300 bg-white">
      <button
        type="button"
        aria-label="Decrease quantity"
        className={cx(step, atMin && 'opacity-35')}
        onClick={() => {
          cart.decrease(key);
        }}
      >
        <Icon node={minusIcon} className="h-4 w-4" />
      </button>
      <output
        aria-live="polite"
        aria-label="Quantity"
        className="w-8 text-center text-sm font-bold text-ink tabular-nums"
      >
        {item.buyingQuantity}
      </output>
      <button
        type="button"
        aria-label="Increase quantity"
        className={cx(step, atMax && 'opacity-35')}
        onClick={() => {
          cart.increase(key);
        }}
      >
        <Icon node={plusIcon} className="h-4 w-4" />
      </button>
    </div>
  );
}
