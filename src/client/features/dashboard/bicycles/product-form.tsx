import { zodResolver } from '@hookform/resolvers/zod';
import { Options } from '../components/options.tsx';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { CATEGORIES, type Product, type ProductFormFields } from '#shared/contract/product.ts';
import { FullScreenSpinner } from '#client/components/ui/spinner.tsx';
import { errorMessage, errorStatus, fieldErrors } from '#client/lib/api.ts';
import { Field } from '#client/components/ui/form-field.tsx';
import { controlProps, readOnlyInputClass } from './form-kit.tsx';
import { ImageField, useImageChoice } from './image-field.tsx';
import { productFormData, productFormPath } from './product-form-data.ts';
import {
  formValuesOf,
  productFormSchema,
  sizesTotal,
  type ProductFormValues,
} from './product-form-values.ts';
import { SizesTable } from './sizes-table.tsx';
import { SpecsSection } from './specs-section.tsx';

export interface ProductFormProps {
  product?: Product;
  submitLabel: 'Add Bicycle' | 'Update Bicycle';
  saving: boolean;
  /** Saves the body; resolves when saved, rejects with the API error otherwise. */
  onSave: (body: FormData) => Promise<void>;
  resetOnSuccess?: boolean;
}

/**
 * The bicycle fields, its sizes and specs, an image with preview, and the server's own field
 * errors shown in place (a size's error on that size's cell).
 */
export function ProductForm({
  product,
  submitLabel,
  saving,
  onSave,
  resetOnSuccess = false,
}: ProductFormProps) {
  const form = useForm<ProductFormValues, unknown, ProductFormFields>({
    resolver: zodResolver(productFormSchema),
    defaultValues: formValuesOf(product),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    control,
    formState: { errors },
  } = form;
  const image = useImageChoice(product?.imageUrl ?? null);
  const sizes = useWatch({ control, name: 'sizes' });
  const sized = sizes.length > 0;

  async function submit(fields: ProductFormFields) {
    image.setError(undefined);
    // On update the image part always says what to do: new file, keep the URL, or remove ("").
    const chosen = image.file ?? (product ? (image.keptUrl ?? '') : undefined);
    try {
      await onSave(productFormData(fields, chosen));
    } catch (error) {
      const rows = getValues('sizes').length;
      for (const [key, message] of Object.entries(fieldErrors(error))) {
        const path = productFormPath(key, rows);
        if (path) setError(path, { type: 'server', message });
        else if (key === 'imageUrl') image.setError(message);
      }
      const status = errorStatus(error);
      if (status === 413 || status === 415)
        image.setError(errorMessage(error) ?? 'This image cannot be used');
      return;
    }
    if (resetOnSuccess) {
      reset();
      image.remove();
    }
  }

  const quantityError = sized ? undefined : errors.quantity?.message;
  /** A control's wiring: its id, error and registration. */
  const bind = (name: 'name' | 'brand' | 'category' | 'price' | 'description') => ({
    ...controlProps(name, errors[name]?.message),
    ...register(name),
  });
  return (
    <FormProvider {...form}>
      <form
        method="post"
        noValidate
        onSubmit={(e) => void handleSubmit(submit)(e)}
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-8"
      >
        {saving ? <FullScreenSpinner label="Saving bicycle" /> : null}
        <div className="grid gap-5 md:grid-cols-2">
          <Field id="name" label="Name" error={errors.name?.message}>
            <input type="text" {...bind('name')} />
          </Field>
          <Field id="brand" label="Brand" error={errors.brand?.message}>
            <input type="text" {...bind('brand')} />
          </Field>
        </div>
        <div className="grid gap-5 md:grid-cols-3">
          <Field id="category" label="Category" error={errors.category?.message}>
            <select {...bind('category')}>
              <option value="">Select a category</option>
              <Options values={CATEGORIES} />
            </select>
          </Field>
          <Field id="price" label="Price" error={errors.price?.message}>
            <input type="number" inputMode="decimal" step="0.01" min="0" {...bind('price')} />
          </Field>
          <Field id="quantity" label="Quantity" error={quantityError}>
            {sized ? (
              // A sized bicycle's stock is the sum of its sizes, edited in the table below.
              <input
                key="sum"
                type="number"
                readOnly
                value={sizesTotal(sizes)}
                {...controlProps('quantity', undefined, 'quantity-hint')}
                className={readOnlyInputClass}
              />
            ) : (
              <input
                key="own"
                type="number"
                inputMode="numeric"
                step="1"
                min="0"
                {...controlProps('quantity', quantityError)}
                {...register('quantity')}
              />
            )}
            {sized ? (
              <p id="quantity-hint" className="mt-1 text-xs text-slate-500">
                The sum of the sizes’ stock.
              </p>
            ) : null}
          </Field>
        </div>
        <SizesTable />
        <SpecsSection />
        <ImageField image={image} />
        <Field id="description" label="Description" error={errors.description?.message}>
          <textarea rows={4} {...bind('description')} />
        </Field>
        <button
          type="submit"
          disabled={saving}
          className="w-full rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
        >
          {submitLabel}
        </button>
      </form>
    </FormProvider>
  );
}
