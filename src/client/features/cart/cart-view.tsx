import shoppingBagIcon from 'lucide-react/icons/shopping-bag';
import trash2Icon from 'lucide-react/icons/trash';
import { cartMessages } from '#shared/messages/cart.ts';
import { cartTotal, lineId, lineKey, lineTotal } from '#shared/rules/cart.ts';
import { formatPrice } from '#shared/rules/money.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { EmptyState } from '#client/components/ui/empty-state.tsx';
import { BoxedTable } from '#client/components/ui/table.tsx';
import { checkoutLine, useCheckout } from '#client/features/checkout/use-checkout.ts';
import { selectCartItems } from './cart-slice.ts';
import { ProductThumbnail } from '#client/components/ui/product-image.tsx';
import { LineSize } from './components/line-size.tsx';
import { QuantityControl } from './components/quantity-control.tsx';
import { RemoveLineButton } from './components/remove-line-button.tsx';
import { useCart } from './use-cart.ts';

const th = 'px-2 py-3 text-left text-xs font-bold tracking-wide text-slate-600 uppercase sm:px-4';

// Below `sm` a line is two rows of a grid instead of four columns, so Remove stays on a 360 px
// screen: the product across the top, then quantity, total and Remove. The column headings are
// kept for screen readers only there (the phone journey checks the table keeps its headings).
const table = 'w-full border-collapse max-sm:block max-sm:[&>tbody]:block max-sm:[&>thead]:sr-only';
const row =
  'max-sm:grid max-sm:grid-cols-[auto_1fr_auto] max-sm:items-center max-sm:gap-x-3 max-sm:px-3 max-sm:py-3';
const cell = 'px-2 py-4 sm:px-4 max-sm:block max-sm:p-0';

export function CartView() {
  const items = useAppSelector(selectCartItems);
  const cart = useCart();
  const { checkout } = useCheckout();

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">Shopping Cart</h1>

      {items.length === 0 ? (
        <EmptyState icon={shoppingBagIcon} message={cartMessages.empty} />
      ) : (
        <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <BoxedTable
            boxClassName="overflow-x-auto rounded-2xl border border-slate-200"
            tableClassName={table}
            cellClassName={th}
            columns={[
              'Product',
              'Quantity',
              'Total Price',
              { label: 'Actions', className: `${th} text-right` },
            ]}
          >
            {items.map((item) => (
              <tr key={lineId(lineKey(item))} className={row}>
                <th
                  scope="row"
                  className={`${cell} text-left font-normal max-sm:col-span-3 max-sm:pb-3`}
                >
                  <div className="flex items-center gap-3">
                    <ProductThumbnail
                      product={item}
                      className="hidden w-16 shrink-0 rounded-lg sm:block sm:w-20"
                    />
                    <div className="min-w-0">
                      <p className="font-bold text-ink">{item.name}</p>
                      <p className="text-sm text-slate-600">
                        {item.brand} · {formatPrice(item.price)}
                      </p>
                      <LineSize size={item.size} />
                    </div>
                  </div>
                </th>
                <td className={cell}>
                  <QuantityControl item={item} />
                </td>
                <td
                  className={`${cell} font-bold whitespace-nowrap text-ink tabular-nums max-sm:text-right`}
                >
                  {formatPrice(lineTotal(item))}
                </td>
                <td className={`${cell} text-right`}>
                  <RemoveLineButton
                    item={item}
                    className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-slate-600 transition hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                    iconClassName="h-5 w-5"
                  />
                </td>
              </tr>
            ))}
          </BoxedTable>

          <aside
            aria-labelledby="cart-summary"
            className="h-fit rounded-2xl bg-slate-50 p-6 lg:sticky lg:top-24"
          >
            <h2 id="cart-summary" className="text-lg font-bold text-ink">
              Order Summary
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Items</dt>
                <dd className="font-semibold text-ink">
                  {items.reduce((n, i) => n + i.buyingQuantity, 0)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between border-t border-slate-200 pt-3">
                <dt className="font-semibold text-ink">Total</dt>
                <dd className="text-2xl font-black text-ink" data-testid="cart-total">
                  {formatPrice(cartTotal(items))}
                </dd>
              </div>
            </dl>
            <div className="mt-6 grid gap-3">
              <Button
                onClick={() => {
                  checkout(items.map(checkoutLine));
                }}
              >
                Checkout
              </Button>
              <Button icon={trash2Icon} variant="danger" onClick={cart.clear}>
                Clear Cart
              </Button>
            </div>
          </aside>
        </div>
      )}
    </main>
  );
}
