import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { productSchema, type Product } from '#shared/contract/product.ts';
import { messages } from '#shared/messages.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { useGetAdminProductQuery, useUpdateAdminProductMutation } from '../dashboard-api.ts';
import { ProductForm } from './product-form.tsx';

/** The product handed over by the Edit link, when it is the one in the URL. */
function productFromState(state: unknown, id: string): Product | undefined {
  if (typeof state !== 'object' || state === null || !('product' in state)) return undefined;
  const parsed = productSchema.safeParse(state.product);
  return parsed.success && parsed.data._id === id ? parsed.data : undefined;
}

export function UpdateBicyclePage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = productFromState(location.state as unknown, id);
  const { data, isLoading, isError } = useGetAdminProductQuery(id, {
    skip: handedOver !== undefined,
  });
  const product = handedOver ?? data;
  const [updateProduct, { isLoading: saving }] = useUpdateAdminProductMutation();

  async function save(body: FormData) {
    try {
      await updateProduct({ id, body }).unwrap();
    } catch (error) {
      toast.error(messages.admin.productUpdateFailed);
      throw error;
    }
    toast.success(messages.admin.productUpdated);
    await navigate('/dashboard/bicycle-management');
  }

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading title="Update Bicycle">
        {product ? `Editing ${product.name}` : undefined}
      </PageHeading>
      {product ? (
        <ProductForm
          key={product._id}
          product={product}
          submitLabel="Update Bicycle"
          saving={saving}
          onSave={save}
        />
      ) : isLoading ? (
        <p className="py-10 text-center text-slate-600">{messages.admin.loading}</p>
      ) : isError ? (
        <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
          <p role="alert" className="text-slate-700">
            This bicycle could not be found.
          </p>
          <Link
            to="/dashboard/bicycle-management"
            className="mt-4 inline-block font-medium text-emerald-700 underline"
          >
            Back to All Products
          </Link>
        </div>
      ) : null}
    </div>
  );
}
