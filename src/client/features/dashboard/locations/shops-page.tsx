import { useRef, useState } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import type { Location } from '#shared/contract/location.ts';
import { adminMessages } from '#shared/messages/admin.ts';
import { errorMessage } from '#client/lib/api.ts';
import { Loading } from '../components/loading.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import {
  useCreateLocationMutation,
  useDeleteLocationMutation,
  useGetLocationsQuery,
  useUpdateLocationMutation,
} from '../dashboard-api.ts';
import { AddressLines } from '../orders/order-destination.tsx';
import { ShopForm, type ShopFields } from './shop-form.tsx';

const buttonClass =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/** The shops riders collect from: list, add, edit and delete. */
export function ShopsPage() {
  const { data: shops, isLoading, isError } = useGetLocationsQuery(undefined);
  const [create, creating] = useCreateLocationMutation();
  const [update, updating] = useUpdateLocationMutation();
  const [remove, removing] = useDeleteLocationMutation();
  // 'new', a shop's id being edited, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // One change at a time: a second click before the first answered sends nothing.
  const busy = useRef(false);

  async function save(run: () => Promise<unknown>): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    const id = toast.loading(adminMessages.savingShop);
    try {
      await run();
      toast.success(adminMessages.shopSaved, { id });
      setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error) ?? adminMessages.shopSaveFailed, { id });
      throw error;
    } finally {
      busy.current = false;
    }
  }

  async function drop(shop: Location): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setProblem(null);
    try {
      await remove(shop._id).unwrap();
      toast.success(adminMessages.shopDeleted);
      setConfirming(null);
    } catch (error) {
      setProblem(errorMessage(error) ?? adminMessages.updateFailed);
    } finally {
      busy.current = false;
    }
  }

  return (
    <div>
      <PageHeading title="Shops">
        Where riders collect the bicycles they ordered for collection.
      </PageHeading>
      {editing === 'new' ? (
        <div className="mb-6">
          <ShopForm
            submitLabel="Add shop"
            busy={creating.isLoading}
            onSave={(fields: ShopFields) => save(() => create(fields).unwrap())}
            onCancel={() => setEditing(null)}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setEditing('new')}
          className="mb-6 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Add a shop
        </button>
      )}
      {problem ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {isLoading ? (
        <Loading label="Loading shops" padding="py-16" />
      ) : isError || !shops ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-700">
          The shops could not be loaded. Please try again.
        </p>
      ) : shops.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white py-10 text-center text-slate-600">
          {adminMessages.noShops}
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {shops.map((shop) =>
            editing === shop._id ? (
              <li key={shop._id} className="lg:col-span-2">
                <ShopForm
                  shop={shop}
                  submitLabel="Save shop"
                  busy={updating.isLoading}
                  onSave={(fields) => save(() => update({ id: shop._id, body: fields }).unwrap())}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li
                key={shop._id}
                className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm md:p-5"
              >
                <h2 className="text-base font-semibold text-slate-900">{shop.name}</h2>
                <div className="mt-2 text-slate-700">
                  <AddressLines address={shop.address} />
                </div>
                <p className="mt-2 text-slate-700">Opening hours: {shop.hours}</p>
                <p className="text-slate-700">Lead days: {shop.leadDays}</p>
                {confirming === shop._id ? (
                  <div className="mt-3 flex flex-wrap items-center gap-3">
                    <span className="font-medium text-slate-900">Delete {shop.name}?</span>
                    <button
                      type="button"
                      disabled={removing.isLoading}
                      onClick={() => void drop(shop)}
                      className="rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                    >
                      Yes, delete
                    </button>
                    <button
                      type="button"
                      onClick={() => setConfirming(null)}
                      className={buttonClass}
                    >
                      Keep it
                    </button>
                  </div>
                ) : (
                  <div className="mt-3 flex flex-wrap gap-3">
                    <button
                      type="button"
                      aria-label={`Edit ${shop.name}`}
                      onClick={() => setEditing(shop._id)}
                      className={buttonClass}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete ${shop.name}`}
                      onClick={() => setConfirming(shop._id)}
                      className={buttonClass}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}
