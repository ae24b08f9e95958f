import { Icon } from '#client/components/ui/icon.tsx';
import trash2Icon from 'lucide-react/icons/trash';
import { lineKey, type CartItem } from '#shared/rules/cart.ts';
import { useCart } from '../use-cart.ts';

/** Takes a line out of the cart; the page and the drawer size it each their own way. */
export function RemoveLineButton({
  item,
  className,
  iconClassName,
}: {
  item: CartItem;
  className: string;
  iconClassName: string;
}) {
  const cart = useCart();
  return (
    <button
      type="button"
      aria-label="Remove item"
      onClick={() => {
        cart.remove(lineKey(item));
      }}
      className={className}
    >
      <Icon node={trash2Icon} className={iconClassName} />
    </button>
  );
}
