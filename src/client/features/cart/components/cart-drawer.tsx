import { Icon } from '#client/components/ui/icon.tsx';
import shoppingBagIcon from 'lucide-react/icons/shopping-bag';
import { Link } from 'react-router';
import { cartMessages } from '#shared/messages/cart.ts';
import { cartTotal, lineId, lineKey, lineTotal } from '#shared/rules/cart.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { useAppDispatch, useAppSelector } from '#client/lib/hooks.ts';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Drawer } from '#client/components/ui/drawer.tsx';
import { checkoutLine, useCheckout } from '#client/features/checkout/use-checkout.ts';
import { selectCartItems, selectShowCartDrawer, setCartDrawer } from '../cart-slice.ts';
import { ProductThumbnail } from '#client/components/ui/product-image.tsx';
import { LineSize } from './line-size.tsx';
import { QuantityControl } from './quantity-control.tsx';
import { RemoveLineButton } from './remove-line-button.tsx';
import { paths } from '#client/lib/paths.ts';

export function CartDrawer() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShowCartDrawer);
  const items = useAppSelector(selectCartItems);
  const { checkout } = useCheckout();
  const close = () => dispatch(setCartDrawer(false));

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => dispatch(setCartDrawer(next))}
      title="Your Cart"
      closeLabel="Close cart"
      footer={
        <div className="space-y-4">
          <div className="flex items-baseline justify-between">
            <span className="font-semibold text-slate-700">Total</span>
            <span className="text-2xl font-black text-ink">{formatPrice(cartTotal(items))}</span>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Link to={paths.cart} onClick={close} className={buttonClasses({ variant: 'outline' })}>
              View Cart
            </Link>
            <Button
              disabled={items.length === 0}
              onClick={() => {
                // On to the checkout page (or to sign in): the drawer is not left open over it.
                if (checkout(items.map(checkoutLine))) close();
              }}
            >
              Checkout
            </Button>
          </div>
        </div>
      }
    >
      {items.length === 0 ? (
        <div className="flex h-full flex-col items-center justify-center gap-3 py-16 text-center">
          <Icon node={shoppingBagIcon} className="h-12 w-12 text-slate-300" strokeWidth={1.25} />
          <p className="font-semibold text-slate-700">{cartMessages.empty}</p>
          <Link
            to={paths.shop}
            onClick={close}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4"
          >
            Browse bicycles
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((item) => (
            <li key={lineId(lineKey(item))} className="flex gap-3 py-4">
              <ProductThumbnail product={item} className="w-24 shrink-0 rounded-lg" />
              <div className="min-w-0 flex-1">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-bold text-ink">{item.name}</p>
                    <p className="text-sm text-slate-600">{item.brand}</p>
                    <LineSize size={item.size} />
                  </div>
                  <RemoveLineButton
                    item={item}
                    className="inline-flex h-9 w-9 shrink-0 cursor-pointer items-center justify-center rounded-full text-slate-500 transition hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    iconClassName="h-4 w-4"
                  />
                </div>
                <div className="mt-2 flex items-center justify-between gap-2">
                  <QuantityControl item={item} />
                  <span className="font-bold text-ink">{formatPrice(lineTotal(item))}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
