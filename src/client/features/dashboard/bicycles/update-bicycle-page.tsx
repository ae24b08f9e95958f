import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { inventoryBack } from './inventory-return.ts';
import { toast } from '#client/components/ui/toast.ts';
import { adminMessages } from '#shared/messages/admin.ts';
import { PageHeading } from '../components/page-heading.tsx';
import {
  PRECONDITION_FAILED,
  useGetAdminProductQuery,
  useUpdateAdminProductMutation,
  type EditableProduct,
} from '../dashboard-api.ts';
import { productChanges } from './product-changes.ts';
import { GalleryManager } from './gallery-manager.tsx';
import { ProductForm } from './product-form.tsx';
import { errorStatus } from '#client/lib/api.ts';
import { paths } from '#client/lib/paths.ts';

/** Shown when a save was refused because the bicycle changed after the form was filled in. */
function ChangedNotice({
  loaded,
  latest,
  onReload,
}: {
  loaded: EditableProduct;
  latest: EditableProduct | undefined;
  onReload: () => void;
}) {
  const fresh = latest && latest.etag !== loaded.etag ? latest : undefined;
  const changes = fresh ? productChanges(loaded.product, fresh.product) : [];
  return (
    <div
      role="alert"
      className="mb-5 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-medium">
          {changes.length > 0
            ? `This bicycle changed while you were editing: ${changes.join(', ')}.`
            : 'This bicycle changed while you were editing.'}
        </p>
        <p className="mt-1">
          Nothing was saved. Reload to edit the current values; your changes here will be lost.
        </p>
      </div>
      <button
        type="button"
        onClick={onReload}
        disabled={!fresh}
        className="shrink-0 rounded-lg bg-amber-600 px-4 py-2 font-semibold text-white hover:bg-amber-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        Reload
      </button>
    </div>
  );
}

/**
 * The form over the bicycle as it was loaded. That version (and its ETag) stays put while the
 * admin edits, even when the cache refetches it; the save sends its ETag, so a bicycle changed
 * meanwhile (stock sold, another admin) is refused instead of overwritten.
 */
function EditBicycle({ initial, latest }: { initial: EditableProduct; latest: EditableProduct }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [loaded, setLoaded] = useState(initial);
  // The gallery saves on its own; its answers carry the ETag the form's save must send next.
  const [current, setCurrent] = useState(initial);
  const [changed, setChanged] = useState(false);
  const [updateProduct, { isLoading: saving }] = useUpdateAdminProductMutation();
  const { product } = loaded;

  async function save(body: FormData) {
    try {
      await updateProduct({ id: product._id, body, etag: current.etag }).unwrap();
    } catch (error) {
      if (errorStatus(error) === PRECONDITION_FAILED) setChanged(true);
      else toast.error(adminMessages.productUpdateFailed);
      throw error;
    }
    toast.success(adminMessages.productUpdated);
    const back = inventoryBack(location.state);
    await navigate(back.to, back.state ? { state: back.state } : undefined);
  }

  function reload() {
    setLoaded(latest);
    setCurrent(latest);
    setChanged(false);
  }

  return (
    <>
      <PageHeading title="Update Bicycle">{`Editing ${product.name}`}</PageHeading>
      {changed ? <ChangedNotice loaded={current} latest={latest} onReload={reload} /> : null}
      <GalleryManager product={current.product} onChange={setCurrent} />
      <ProductForm
        // A reload starts the form again from the fresh values.
        key={loaded.etag ?? product.updatedAt}
        // The image field follows the gallery's first picture.
        product={{ ...product, imageUrl: current.product.imageUrl }}
        submitLabel="Update Bicycle"
        saving={saving}
        onSave={save}
      />
    </>
  );
}

export function UpdateBicyclePage() {
  const { id = '' } = useParams();
  const { data, isLoading, isError } = useGetAdminProductQuery(id);

  return (
    <div className="mx-auto max-w-4xl">
      {data ? (
        <EditBicycle key={data.product._id} initial={data} latest={data} />
      ) : (
        <>
          <PageHeading title="Update Bicycle" />
          {isLoading ? (
            <p className="py-10 text-center text-slate-600">{adminMessages.loading}</p>
          ) : isError ? (
            <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
              <p role="alert" className="text-slate-700">
                This bicycle could not be found.
              </p>
              <Link
                to={paths.dashboard.bicycles}
                className="mt-4 inline-block font-medium text-emerald-700 underline"
              >
                Back to All Products
              </Link>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
