import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  CATEGORIES,
  productFieldsSchema,
  type Product,
  type ProductFields,
} from '#shared/contract/product.ts';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import { errorMessage, fieldErrors } from '../../../lib/api.ts';
import { isProductFieldName, productFormData } from './product-form-data.ts';

type ProductFieldsInput = z.input<typeof productFieldsSchema>;

/** An empty number box is missing, not zero. */
const numberOrMissing = { setValueAs: (value: unknown) => (value === '' ? undefined : value) };

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 aria-[invalid=true]:border-red-500';
const labelClass = 'block text-sm font-medium text-slate-700';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

/** A label, its control and the control's error, linked for screen readers. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error
    ? error.status
    : undefined;
}

export interface ProductFormProps {
  product?: Product;
  submitLabel: 'Add Bicycle' | 'Update Bicycle';
  saving: boolean;
  /** Saves the body; resolves when saved, rejects with the API error otherwise. */
  onSave: (body: FormData) => Promise<void>;
  resetOnSuccess?: boolean;
}

/** The bicycle fields, an image with preview, and the server's own field errors shown in place. */
export function ProductForm({
  product,
  submitLabel,
  saving,
  onSave,
  resetOnSuccess = false,
}: ProductFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ProductFieldsInput, unknown, ProductFields>({
    resolver: zodResolver(productFieldsSchema),
    defaultValues: product
      ? {
          name: product.name,
          brand: product.brand,
          category: product.category,
          price: product.price,
          quantity: product.quantity,
          description: product.description,
        }
      : { name: '', brand: '', price: '', quantity: '', description: '' },
  });

  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [keptUrl, setKeptUrl] = useState<string | null>(product?.imageUrl ?? null);
  const [imageError, setImageError] = useState<string | undefined>(undefined);

  // The object URL of the preview lives until it is replaced or the form goes away.
  const liveUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (liveUrl.current) URL.revokeObjectURL(liveUrl.current);
      liveUrl.current = null;
    },
    [],
  );
  function showPreview(next: File | null) {
    if (liveUrl.current) URL.revokeObjectURL(liveUrl.current);
    liveUrl.current = next ? URL.createObjectURL(next) : null;
    setPreviewUrl(liveUrl.current);
  }

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !chosen.type.startsWith('image/')) {
      setImageError('Choose an image file');
      event.target.value = '';
      return;
    }
    setImageError(undefined);
    setFile(chosen);
    showPreview(chosen);
  }

  function removeImage() {
    setFile(null);
    showPreview(null);
    setKeptUrl(null);
    setImageError(undefined);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(fields: ProductFields) {
    setImageError(undefined);
    // On update the image part always says what to do: new file, keep the URL, or remove ("").
    const image = file ?? (product ? (keptUrl ?? '') : undefined);
    try {
      await onSave(productFormData(fields, image));
    } catch (error) {
      for (const [field, message] of Object.entries(fieldErrors(error))) {
        if (isProductFieldName(field)) setError(field, { type: 'server', message });
        else if (field === 'imageUrl') setImageError(message);
      }
      const status = statusOf(error);
      if (status === 413 || status === 415)
        setImageError(errorMessage(error) ?? 'This image cannot be used');
      return;
    }
    if (resetOnSuccess) {
      reset();
      removeImage();
    }
  }

  const shownImage = previewUrl ?? keptUrl;
  /** id and error wiring of a form control. */
  const control = (field: keyof ProductFields) => ({
    id: field,
    className: inputClass,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${field}-error` : undefined,
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(submit)(e)}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-8"
    >
      {saving ? <FullScreenSpinner label="Saving bicycle" /> : null}
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="name" label="Name" error={errors.name?.message}>
          <input type="text" {...control('name')} {...register('name')} />
        </Field>
        <Field id="brand" label="Brand" error={errors.brand?.message}>
          <input type="text" {...control('brand')} {...register('brand')} />
        </Field>
      </div>
      <div className="grid gap-5 md:grid-cols-3">
        <Field id="category" label="Category" error={errors.category?.message}>
          <select {...control('category')} {...register('category')}>
            <option value="">Select a category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </Field>
        <Field id="price" label="Price" error={errors.price?.message}>
          <input
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            {...control('price')}
            {...register('price', numberOrMissing)}
          />
        </Field>
        <Field id="quantity" label="Quantity" error={errors.quantity?.message}>
          <input
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            {...control('quantity')}
            {...register('quantity', numberOrMissing)}
          />
        </Field>
      </div>
      <div>
        <label htmlFor="image" className={labelClass}>
          Upload Image
        </label>
        <div className="mt-1 flex flex-col gap-4 sm:flex-row sm:items-start">
          {shownImage ? (
            <div className="relative w-full shrink-0 sm:w-48">
              <img
                src={shownImage}
                alt="Bicycle preview"
                width={192}
                height={144}
                className="h-36 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain sm:w-48"
              />
              <button
                type="button"
                onClick={removeImage}
                aria-label="Remove image"
                className="absolute top-2 right-2 rounded-full bg-white/90 p-1.5 text-red-600 shadow hover:bg-white"
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </button>
            </div>
          ) : (
            <div
              aria-hidden="true"
              className="flex h-36 w-full shrink-0 items-center justify-center rounded-lg border-2 border-dashed border-slate-300 text-slate-400 sm:w-48"
            >
              <ImagePlus className="h-8 w-8" />
            </div>
          )}
          <div className="min-w-0 flex-1">
            <input
              id="image"
              ref={fileInput}
              type="file"
              accept="image/*"
              onChange={onFileChange}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? 'image-error' : 'image-hint'}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-emerald-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-emerald-700 hover:file:bg-emerald-100"
            />
            <p id="image-hint" className="mt-2 text-xs text-slate-500">
              JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.
            </p>
            <FieldError id="image-error" message={imageError} />
          </div>
        </div>
      </div>
      <Field id="description" label="Description" error={errors.description?.message}>
        <textarea rows={4} {...control('description')} {...register('description')} />
      </Field>
      <button
        type="submit"
        disabled={saving}
        className="w-full rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        {submitLabel}
      </button>
    </form>
  );
}
