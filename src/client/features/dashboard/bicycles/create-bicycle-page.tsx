import { toast } from '#client/components/ui/toast.ts';
import { adminMessages } from '#shared/messages/admin.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { useCreateAdminProductMutation } from '../dashboard-api.ts';
import { ProductForm } from './product-form.tsx';

export function CreateBicyclePage() {
  const [createProduct, { isLoading }] = useCreateAdminProductMutation();

  async function save(body: FormData) {
    try {
      await createProduct(body).unwrap();
    } catch (error) {
      toast.error(adminMessages.productCreateFailed);
      throw error;
    }
    toast.success(adminMessages.productCreated);
  }

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading title="Add Bicycle">Put a new bicycle on sale in the shop.</PageHeading>
      <ProductForm submitLabel="Add Bicycle" saving={isLoading} onSave={save} resetOnSuccess />
    </div>
  );
}
