import { Icon, type IconNode } from '#client/components/ui/icon.tsx';
import minusIcon from 'lucide-react/icons/minus';
import plusIcon from 'lucide-react/icons/plus';
import { lineKey, type CartItem } from '#shared/rules/cart.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectCanDecrease, selectCanIncrease } from '../cart-slice.ts';
import { cx } from '#client/components/ui/class-names.ts';
import { useCart } from '../use-cart.ts';

const stepClass =
  'inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full text-ink transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const STEPS = {
  decrease: { label: 'Decrease quantity', icon: minusIcon },
  increase: { label: 'Increase quantity', icon: plusIcon },
};

function StepButton({
  step: { label, icon },
  atLimit,
  onClick,
}: {
  step: { label: string; icon: IconNode };
  atLimit: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cx(stepClass, atLimit && 'opacity-35')}
      onClick={onClick}
    >
      <Icon node={icon} className="h-4 w-4" />
    </button>
  );
}

/** Minus, count, plus. At a limit the button dims but still answers, with the spec's toast. */
export function QuantityControl({ item }: { item: CartItem }) {
  const cart = useCart();
  const key = lineKey(item);
  const atMin = !useAppSelector((state) => selectCanDecrease(state, key));
  const atMax = !useAppSelector((state) => selectCanIncrease(state, key));
  return (
    <div className="inline-flex items-center rounded-full border border-slate-300 bg-white">
      <StepButton step={STEPS.decrease} atLimit={atMin} onClick={() => cart.decrease(key)} />
      <output
        aria-live="polite"
        aria-label="Quantity"
        className="w-8 text-center text-sm font-bold text-ink tabular-nums"
      >
        {item.buyingQuantity}
      </output>
      <StepButton step={STEPS.increase} atLimit={atMax} onClick={() => cart.increase(key)} />
    </div>
  );
}
