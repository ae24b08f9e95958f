import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { checkoutMessages } from '#shared/messages/checkout.ts';
import { Link, useLocation } from 'react-router';
import type { Product } from '#shared/contract/product.ts';
import { formatPrice, toCents, toDollars } from '#shared/rules/money.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ProductThumbnail } from '#client/components/ui/product-image.tsx';
import { useAppSelector } from '#client/lib/hooks.ts';
import { paths, productPath, signInPath } from '#client/lib/paths.ts';
import { selectRole } from '#client/lib/session.ts';
import { useBrowserValue } from '#client/lib/use-browser-value.ts';
import { AddressFields } from './address-fields.tsx';
import { useGetCheckoutAddressesQuery, useGetCheckoutLocationsQuery } from './checkout-api.ts';
import { CollectShops } from './collect-shops.tsx';
import { fulfilmentFrom } from './fulfilment-form.ts';
import { NEW_ADDRESS, SavedAddresses } from './saved-addresses.tsx';
import { UnpaidOrderOffer } from './unpaid-order-offer.tsx';
import { usePlaceOrder } from './use-place-order.ts';
import { fedByLoader } from '#client/lib/api.ts';

const sectionClass = 'rounded-2xl border border-slate-200 p-4 sm:p-6';
const headingClass = 'text-lg font-bold text-ink';
const methodClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 font-semibold text-ink transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 focus-within:ring-2 focus-within:ring-brand-500/40';
const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/** Where a visitor who is asked to sign in comes back to: this very page, with its line. */
function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * The checkout of one bicycle: the line, delivery (a saved address or a new one) or collection
 * (a shop), the total, and "Place order and pay". The choices are the form's own controls, shown
 * and hidden by CSS from the checked method, so the server's HTML already works as a form and
 * nothing chosen before the scripts arrive is lost.
 */
export function CheckoutForm({
  product,
  size,
  quantity,
}: {
  product: Product;
  size: string | null;
  quantity: number;
}) {
  const role = useAppSelector(selectRole);
  const here = useHere();
  const { data: shops } = useGetCheckoutLocationsQuery(undefined, fedByLoader);
  const { data: saved } = useGetCheckoutAddressesQuery(undefined, { skip: role !== 'customer' });
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const savedAddresses = saved ?? [];
  const defaultAddress = savedAddresses.find((a) => a.isDefault) ?? savedAddresses[0];
  const addressChoice = chosenAddress ?? defaultAddress?._id ?? NEW_ADDRESS;
  const { place, isPlacing, errors, openOrder } = usePlaceOrder();
  // The day the page was opened, for the shops' "Ready from" dates.
  const [now] = useState(() => new Date());
  // Before the scripts run there is nothing to post to: a tap then is kept and pressed again
  // once the app has taken over the page (src/client/main.tsx), as for the other buttons.
  const submitType = useBrowserValue<'submit' | 'button'>(() => 'submit', 'button');
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The first field the API refused takes the focus, so its message is read out with it.
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [errors]);

  const total = toDollars(toCents(product.price) * quantity);

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = savedAddresses.length > 0 ? addressChoice : NEW_ADDRESS;
    void place(
      { productId: product._id, quantity, size },
      fulfilmentFrom(new FormData(event.currentTarget), choice),
    );
  };

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-label="Checkout"
      className="group mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
    >
      <div className="grid min-w-0 gap-6">
        <section aria-labelledby="checkout-line-title" className={sectionClass}>
          <h2 id="checkout-line-title" className={headingClass}>
            Your bicycle
          </h2>
          <div className="mt-4 flex gap-4">
            <ProductThumbnail product={product} className="w-24 shrink-0 rounded-lg sm:w-32" />
            <div className="min-w-0 flex-1">
              <Link to={productPath(product)} className="font-bold break-words text-ink">
                {product.name}
              </Link>
              <p className="text-sm text-slate-600">{product.brand}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-slate-600">Size</dt>
                <dd className="font-semibold text-ink">{size ?? 'One size'}</dd>
                <dt className="text-slate-600">Quantity</dt>
                <dd className="font-semibold text-ink">{quantity}</dd>
                <dt className="text-slate-600">Price</dt>
                <dd className="font-semibold text-ink">{formatPrice(product.price)}</dd>
              </dl>
            </div>
          </div>
        </section>

        <div className={sectionClass}>
          <fieldset>
            <legend className={headingClass}>How you get it</legend>
            <div className="mt-4 grid gap-2 sm:grid-cols-2">
              <label className={methodClass}>
                <input
                  id="checkout-method-delivery"
                  type="radio"
                  name="method"
                  value="delivery"
                  defaultChecked
                  className="h-4 w-4 accent-brand-600"
                />
                {checkoutMessages.delivery}
              </label>
              <label className={methodClass}>
                <input
                  id="checkout-method-collect"
                  type="radio"
                  name="method"
                  value="collect"
                  className="h-4 w-4 accent-brand-600"
                />
                {checkoutMessages.collect}
              </label>
            </div>
          </fieldset>
        </div>

        <section
          aria-labelledby="checkout-delivery-title"
          className={`${sectionClass} group-has-[#checkout-method-collect:checked]:hidden`}
        >
          <h2 id="checkout-delivery-title" className={headingClass}>
            {checkoutMessages.delivery}
          </h2>
          <div className="mt-4 grid gap-4">
            {savedAddresses.length > 0 ? (
              <SavedAddresses
                addresses={savedAddresses}
                value={addressChoice}
                onChange={setChosenAddress}
                error={errors['fulfilment.addressId']}
              />
            ) : null}
            {savedAddresses.length === 0 || addressChoice === NEW_ADDRESS ? (
              <>
                <p className="text-sm text-slate-600">
                  {role === 'customer'
                    ? 'We save this address to your address book.'
                    : 'Where should the bicycle go?'}
                </p>
                <AddressFields errors={errors} />
              </>
            ) : null}
            {errors['fulfilment.address'] ? (
              <p className="text-sm text-red-600">{errors['fulfilment.address']}</p>
            ) : null}
          </div>
        </section>

        <section
          aria-labelledby="checkout-collect-title"
          className={`${sectionClass} hidden group-has-[#checkout-method-collect:checked]:block`}
        >
          <h2 id="checkout-collect-title" className={headingClass}>
            {checkoutMessages.collect}
          </h2>
          <div className="mt-4">
            <CollectShops shops={shops} now={now} error={errors['fulfilment.locationId']} />
          </div>
        </section>
      </div>

      <aside aria-labelledby="checkout-summary-title" className={`${sectionClass} grid gap-4`}>
        <h2 id="checkout-summary-title" className={headingClass}>
          Order Summary
        </h2>
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">
              {quantity > 1 ? `${String(quantity)} × ${formatPrice(product.price)}` : 'Bicycle'}
            </dt>
            <dd className="font-semibold text-ink">{formatPrice(total)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{checkoutMessages.delivery}:</dt>
            <dd className="font-semibold text-ink">{checkoutMessages.free}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3">
            <dt className="font-semibold text-ink">Total</dt>
            <dd className="text-2xl font-black text-ink" data-testid="checkout-total">
              {formatPrice(total)}
            </dd>
          </div>
        </dl>
        {role === null ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
            <Link to={signInPath(here)} className={linkClass}>
              Sign in
            </Link>{' '}
            or{' '}
            <Link
              to={`${paths.signUp}?${new URLSearchParams({ redirect: here }).toString()}`}
              className={linkClass}
            >
              create an account
            </Link>{' '}
            {checkoutMessages.signInToOrder}
          </p>
        ) : null}
        {openOrder ? <UnpaidOrderOffer order={openOrder} /> : null}
        <Button
          type={submitType}
          size="lg"
          disabled={isPlacing}
          aria-busy={isPlacing}
          className="w-full"
        >
          {checkoutMessages.placeOrder}
        </Button>
        <noscript>
          <p className="text-sm text-slate-700">{checkoutMessages.needsScripts}</p>
        </noscript>
      </aside>
    </form>
  );
}
