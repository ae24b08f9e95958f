import { useId, useRef, useState } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import { MAX_ADDRESSES, type Address, type PostalAddress } from '#shared/contract/address.ts';
import { addressMessages } from '#shared/messages/address.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { CheckboxField } from '#client/components/ui/form-field.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { errorMessage, fieldErrors } from '#client/lib/api.ts';
import { AddressForm } from './address-form.tsx';
import { addressErrorsAt, addressFormValues, type AddressFieldErrors } from './address-fields.ts';
import {
  useAddAddressMutation,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useUpdateAddressMutation,
} from './addresses-api.ts';
import { PostalAddressText } from './postal-address.tsx';

const smallButton =
  'inline-flex items-center justify-center rounded-lg border px-3 py-1.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

/** The errors of a refused save: per field when the API named fields, else a toast. */
function savingFailed(error: unknown, show: (errors: AddressFieldErrors) => void): void {
  const errors = addressErrorsAt(fieldErrors(error), 'address.');
  if (Object.keys(errors).length > 0) {
    show(errors);
    return;
  }
  toast.error(errorMessage(error) ?? addressMessages.saveFailed);
}

function DefaultCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <CheckboxField checked={checked} onChange={onChange}>
      Make this my default address
    </CheckboxField>
  );
}

function NewAddress({ first, onDone }: { first: boolean; onDone: () => void }) {
  const [addAddress, { isLoading }] = useAddAddressMutation();
  const [errors, setErrors] = useState<AddressFieldErrors>();
  const [isDefault, setIsDefault] = useState(first);
  const save = async (address: PostalAddress) => {
    try {
      await addAddress({ address, isDefault }).unwrap();
      toast.success(addressMessages.saved);
      onDone();
    } catch (error) {
      savingFailed(error, setErrors);
    }
  };
  return (
    <AddressForm
      label="New address"
      submitLabel="Save address"
      busy={isLoading}
      fieldErrors={errors}
      onSubmit={save}
      onCancel={onDone}
      focusOnOpen
    >
      {first ? null : <DefaultCheckbox checked={isDefault} onChange={setIsDefault} />}
    </AddressForm>
  );
}

function EditAddress({ address, onDone }: { address: Address; onDone: () => void }) {
  const [updateAddress, { isLoading }] = useUpdateAddressMutation();
  const [errors, setErrors] = useState<AddressFieldErrors>();
  const [isDefault, setIsDefault] = useState(address.isDefault);
  const save = async (next: PostalAddress) => {
    try {
      await updateAddress({ id: address._id, body: { address: next, isDefault } }).unwrap();
      toast.success(addressMessages.updated);
      onDone();
    } catch (error) {
      savingFailed(error, setErrors);
    }
  };
  return (
    <AddressForm
      label="Edit address"
      submitLabel="Save changes"
      initialValues={addressFormValues(address)}
      busy={isLoading}
      fieldErrors={errors}
      onSubmit={save}
      onCancel={onDone}
      focusOnOpen
    >
      {/* The default moves by choosing another one; it cannot be left without one. */}
      {address.isDefault ? null : <DefaultCheckbox checked={isDefault} onChange={setIsDefault} />}
    </AddressForm>
  );
}

function AddressEntry({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const [updateAddress, { isLoading: isUpdating }] = useUpdateAddressMutation();
  const [deleteAddress, { isLoading: isDeleting }] = useDeleteAddressMutation();
  const makeDefault = async () => {
    try {
      await updateAddress({ id: address._id, body: { address, isDefault: true } }).unwrap();
      toast.success(addressMessages.defaultChanged);
    } catch (error) {
      toast.error(errorMessage(error) ?? addressMessages.saveFailed);
    }
  };
  const remove = async () => {
    try {
      await deleteAddress(address._id).unwrap();
      toast.success(addressMessages.deleted);
    } catch (error) {
      toast.error(errorMessage(error) ?? addressMessages.deleteFailed);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PostalAddressText address={address} />
        {address.isDefault ? <Badge tone="green">Default</Badge> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onEdit}
          className={`${smallButton} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          Edit
        </button>
        {address.isDefault ? null : (
          <button
            type="button"
            onClick={() => void makeDefault()}
            disabled={isUpdating}
            className={`${smallButton} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
          >
            Set as default
          </button>
        )}
        <button
          type="button"
          onClick={() => void remove()}
          disabled={isDeleting}
          className={`${smallButton} border-red-200 bg-white text-red-700 hover:bg-red-50`}
        >
          Delete
        </button>
      </div>
    </div>
  );
}

/** The customer's saved addresses on /me: add, edit, delete and choose the default. */
export function AddressBook() {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { data: addresses, isLoading, isError, refetch } = useGetAddressesQuery(undefined);
  // 'new', an address's id, or null: at most one form open at a time.
  const [editing, setEditing] = useState<string | null>(null);
  const close = () => {
    setEditing(null);
    // The form that had focus is gone: the section's heading takes it, not the page's body.
    heading.current?.focus();
  };
  const list = addresses ?? [];
  const full = list.length >= MAX_ADDRESSES;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        Address book
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Up to {MAX_ADDRESSES} addresses. The default one is chosen for you at checkout.
      </p>
      {isLoading ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading addresses" className="text-slate-700" />
        </div>
      ) : isError ? (
        <div role="alert" className="mt-4">
          <p className="text-slate-700">Your addresses could not be loaded.</p>
          <button
            type="button"
            onClick={() => void refetch()}
            className={`${smallButton} mt-3 border-slate-300`}
          >
            Try again
          </button>
        </div>
      ) : (
        <>
          {list.length === 0 && editing !== 'new' ? (
            <p className="mt-4 text-slate-700">You have no saved addresses yet.</p>
          ) : null}
          {list.length > 0 ? (
            <ul aria-label="Saved addresses" className="mt-5 grid gap-4 md:grid-cols-2">
              {list.map((address) => (
                <li key={address._id} className="min-w-0 rounded-xl border border-slate-200 p-4">
                  {editing === address._id ? (
                    <EditAddress address={address} onDone={close} />
                  ) : (
                    <AddressEntry
                      address={address}
                      onEdit={() => {
                        setEditing(address._id);
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-5">
            {editing === 'new' ? (
              <div className="rounded-xl border border-slate-200 p-4">
                <h3 className="mb-4 font-semibold text-slate-900">New address</h3>
                <NewAddress first={list.length === 0} onDone={close} />
              </div>
            ) : full ? (
              <p className="text-sm text-slate-700">{addressMessages.limit(MAX_ADDRESSES)}</p>
            ) : (
              <button
                type="button"
                onClick={() => {
                  setEditing('new');
                }}
                className="inline-flex items-center justify-center rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white transition hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                Add address
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
