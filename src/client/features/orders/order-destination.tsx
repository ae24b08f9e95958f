import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { PostalAddress } from '#shared/contract/address.ts';
import type { Location } from '#shared/contract/location.ts';
import type { FulfilmentPatchBody, OrderDetail } from '#shared/contract/order.ts';
import { ordersMessages } from '#shared/messages/orders.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage, fieldErrors } from '#client/lib/api.ts';
import { AddressForm } from '#client/features/addresses/address-form.tsx';
import {
  addressErrorsAt,
  type AddressFieldErrors,
} from '#client/features/addresses/address-fields.ts';
import { useGetAddressesQuery } from '#client/features/addresses/addresses-api.ts';
import { PostalAddressText } from '#client/features/addresses/postal-address.tsx';
import { useGetCollectionShopsQuery, useSetOrderDestinationMutation } from './orders-api.ts';

type Target = Pick<FulfilmentPatchBody, 'address' | 'addressId' | 'locationId'>;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const primaryButton =
  'inline-flex w-fit items-center justify-center rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-70';

const secondaryButton =
  'inline-flex w-fit items-center justify-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

const choiceClasses =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50';

/** One choice of a radio group, drawn as a card that shows it is picked. */
function ChoiceCard({
  name,
  value,
  picked,
  onPick,
  children,
}: {
  name: string;
  value: string;
  picked: boolean;
  onPick: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className={choiceClasses}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={picked}
        onChange={() => {
          onPick(value);
        }}
        className="mt-1 h-4 w-4 accent-brand-600"
      />
      {children}
    </label>
  );
}

function ShopDetails({ shop, readyBy }: { shop: Location; readyBy?: string | null }) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">{shop.name}</p>
      <PostalAddressText address={shop.address} showName={false} />
      <p>
        <span className="font-medium">Opening hours:</span> {shop.hours}
      </p>
      {readyBy ? (
        <p>
          <span className="font-medium">Ready from:</span>{' '}
          <time dateTime={readyBy}>{dayFormat.format(new Date(readyBy))}</time>
        </p>
      ) : null}
    </div>
  );
}

/** Sends the customer's choice; answers the address form's errors when the API named some. */
function useSaveDestination(orderId: string, onSaved?: () => void) {
  const [setDestination, { isLoading }] = useSetOrderDestinationMutation();
  const [addressErrors, setAddressErrors] = useState<AddressFieldErrors>();
  const save = async (body: Target) => {
    try {
      await setDestination({ orderId, body }).unwrap();
      toast.success(ordersMessages.destinationSaved);
      onSaved?.();
    } catch (error) {
      const errors = addressErrorsAt(fieldErrors(error), 'address.');
      if (Object.keys(errors).length > 0) setAddressErrors(errors);
      else toast.error(errorMessage(error) ?? ordersMessages.destinationFailed);
    }
  };
  return { save, isSaving: isLoading, addressErrors };
}

interface ChoiceProps {
  orderId: string;
  onSaved?: () => void;
}

function DeliveryChoice({ orderId, onSaved }: ChoiceProps) {
  const { data: saved, isLoading } = useGetAddressesQuery(undefined);
  const { save, isSaving, addressErrors } = useSaveDestination(orderId, onSaved);
  // A saved address's id, or 'new'; until chosen, the default one (or a new one when none).
  const [picked, setPicked] = useState<string | null>(null);
  const name = useId();
  if (isLoading) return <Spinner label="Loading addresses" className="text-slate-700" />;
  const addresses = saved ?? [];
  const choice = picked ?? addresses.find((a) => a.isDefault)?._id ?? addresses[0]?._id ?? 'new';
  const newAddress = (
    <AddressForm
      label="Delivery address"
      submitLabel="Deliver to this address"
      busy={isSaving}
      fieldErrors={addressErrors}
      onSubmit={(address: PostalAddress) => save({ address })}
    />
  );
  if (addresses.length === 0) return newAddress;
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Deliver to</legend>
        {addresses.map((address) => (
          <ChoiceCard
            key={address._id}
            name={name}
            value={address._id}
            picked={choice === address._id}
            onPick={setPicked}
          >
            <PostalAddressText address={address} />
          </ChoiceCard>
        ))}
        <ChoiceCard name={name} value="new" picked={choice === 'new'} onPick={setPicked}>
          <span className="text-sm font-medium text-slate-800">A new address</span>
        </ChoiceCard>
      </fieldset>
      {choice === 'new' ? (
        newAddress
      ) : (
        <button
          type="button"
          disabled={isSaving}
          onClick={() => void save({ addressId: choice })}
          className={primaryButton}
        >
          Deliver here
        </button>
      )}
    </div>
  );
}

function CollectChoice({ orderId, onSaved }: ChoiceProps) {
  const { data: shops, isLoading, isError } = useGetCollectionShopsQuery(undefined);
  const { save, isSaving } = useSaveDestination(orderId, onSaved);
  const [picked, setPicked] = useState<string | null>(null);
  const name = useId();
  if (isLoading) return <Spinner label="Loading shops" className="text-slate-700" />;
  if (isError || !shops || shops.length === 0)
    return <p className="text-sm text-slate-700">No shop takes collections at the moment.</p>;
  const choice = picked ?? shops[0]?._id ?? null;
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Collect from</legend>
        {shops.map((shop) => (
          <ChoiceCard
            key={shop._id}
            name={name}
            value={shop._id}
            picked={choice === shop._id}
            onPick={setPicked}
          >
            <span className="flex flex-col gap-1">
              <ShopDetails shop={shop} />
              <span className="text-sm text-slate-600">
                Ready {shop.leadDays === 0 ? 'the same day' : `${String(shop.leadDays)} days`} after
                you choose it
              </span>
            </span>
          </ChoiceCard>
        ))}
      </fieldset>
      <button
        type="button"
        disabled={isSaving || choice === null}
        onClick={() => {
          if (choice) void save({ locationId: choice });
        }}
        className={primaryButton}
      >
        Collect here
      </button>
    </div>
  );
}

/**
 * The customer chooses an address or a shop: for an order placed without saying where it goes, or
 * to change it while the order is not yet on its way.
 */
function ChooseDestination({
  orderId,
  onSaved,
  initial = 'delivery',
}: ChoiceProps & { initial?: 'delivery' | 'collect' }) {
  const [method, setMethod] = useState(initial);
  const name = useId();
  return (
    <div className="flex flex-col gap-4">
      {onSaved ? null : (
        <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {ordersMessages.destinationNeeded}
        </p>
      )}
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">How you get the bicycle</legend>
        {(
          [
            ['delivery', 'Delivery'],
            ['collect', 'Collect in store'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`${choiceClasses} items-center`}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={method === value}
              onChange={() => {
                setMethod(value);
              }}
              className="h-4 w-4 accent-brand-600"
            />
            <span className="text-sm font-semibold text-slate-800">{label}</span>
          </label>
        ))}
      </fieldset>
      {method === 'delivery' ? (
        <DeliveryChoice orderId={orderId} onSaved={onSaved} />
      ) : (
        <CollectChoice orderId={orderId} onSaved={onSaved} />
      )}
    </div>
  );
}

/** Where the order goes: the address, or the shop with its hours; asks when it is not known. */
export function OrderDestination({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const [changing, setChanging] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const { fulfilment } = order;
  const open =
    order.status !== 'Cancelled' &&
    order.status !== 'Completed' &&
    fulfilment.state === 'Unfulfilled';
  const chosen = fulfilment.method !== null && (fulfilment.address ?? fulfilment.location) !== null;
  const stopChanging = () => {
    setChanging(false);
    // Back to the button that opened the choice, as a dialog would.
    requestAnimationFrame(() => changeRef.current?.focus());
  };

  let title: string;
  let body;
  if (fulfilment.method === 'delivery' && fulfilment.address) {
    title = 'Delivery';
    body = (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-600">Delivered to</p>
        <PostalAddressText address={fulfilment.address} />
        <p className="text-sm text-slate-600">Delivery: Free</p>
      </div>
    );
  } else if (fulfilment.method === 'collect' && fulfilment.location) {
    title = 'Collect in store';
    body = <ShopDetails shop={fulfilment.location} readyBy={fulfilment.readyBy} />;
  } else {
    title = 'Delivery or collection';
    body = open ? (
      <ChooseDestination orderId={order._id} />
    ) : (
      <p className="text-sm text-slate-700">No delivery address or shop was given.</p>
    );
  }
  if (open && chosen && changing) {
    body = (
      <div className="flex flex-col gap-4">
        <ChooseDestination
          orderId={order._id}
          onSaved={stopChanging}
          initial={fulfilment.method === 'collect' ? 'collect' : 'delivery'}
        />
        <button type="button" onClick={stopChanging} className={secondaryButton}>
          Keep it as it is
        </button>
      </div>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {open && chosen && !changing ? (
          <button
            ref={changeRef}
            type="button"
            aria-label={
              fulfilment.method === 'collect' ? 'Change the shop' : 'Change the delivery address'
            }
            onClick={() => {
              setChanging(true);
            }}
            className={secondaryButton}
          >
            Change
          </button>
        ) : null}
      </div>
      {body}
    </section>
  );
}
