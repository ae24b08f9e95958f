import { useState, type ChangeEvent } from 'react';
import { toast } from '#client/components/ui/toast.ts';
import {
  IMAGE_ALT_MAX,
  MAX_PRODUCT_IMAGES,
  type Product,
  type ProductImage,
} from '#shared/contract/product.ts';
import { errorMessage } from '#client/lib/api.ts';
import {
  useAddProductImagesMutation,
  useDeleteProductImageMutation,
  useSaveProductImagesMutation,
  type EditableProduct,
} from '../dashboard-api.ts';
import { labelClass, smallButtonClass } from './form-kit.tsx';

const altInputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200';

/** The item moved one place up (-1) or down (+1); the list as it was at either end. */
function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item === undefined || target < 0 || target > list.length - 1) return [...list];
  next.splice(target, 0, item);
  return next;
}

/**
 * The bicycle's gallery on its edit page: add several pictures at once, move them up or down
 * (the first is the shop's picture), edit alt text, delete. Each change is saved at once, apart
 * from the product form, and hands the new product and ETag to `onChange` so the form's save
 * still holds.
 */
export function GalleryManager({
  product,
  onChange,
}: {
  product: Product;
  onChange: (next: EditableProduct) => void;
}) {
  const images = product.images ?? [];
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [inputKey, setInputKey] = useState(0);
  const [addImages, adding] = useAddProductImagesMutation();
  const [saveImages, saving] = useSaveProductImagesMutation();
  const [deleteImage, deleting] = useDeleteProductImageMutation();
  const busy = adding.isLoading || saving.isLoading || deleting.isLoading;
  const altOf = (image: ProductImage) => drafts[image._id] ?? image.alt;
  const altsChanged = images.some((image) => altOf(image) !== image.alt);

  async function run(work: () => Promise<EditableProduct>, done: string) {
    try {
      onChange(await work());
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error) ?? 'The gallery could not be changed. Please try again.');
    }
  }

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    setInputKey((key) => key + 1);
    if (files.length === 0) return;
    const body = new FormData();
    for (const file of files) body.append('image', file);
    await run(
      () => addImages({ id: product._id, body }).unwrap(),
      files.length === 1 ? 'Picture added' : `${String(files.length)} pictures added`,
    );
  }

  async function save(order: readonly ProductImage[], done: string) {
    await run(async () => {
      const next = await saveImages({
        id: product._id,
        order: order.map((image) => ({ _id: image._id, alt: altOf(image).trim() })),
      }).unwrap();
      setDrafts({});
      return next;
    }, done);
  }

  return (
    <section
      aria-labelledby="gallery-heading"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="gallery-heading" className="text-lg font-semibold text-slate-900">
        Gallery
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {images.length} of {MAX_PRODUCT_IMAGES} pictures. The first one is shown in the shop.
      </p>
      <div className="mt-4">
        <label htmlFor="gallery-files" className={labelClass}>
          Add pictures
        </label>
        <input
          key={inputKey}
          id="gallery-files"
          type="file"
          multiple
          accept="image/*"
          disabled={busy || images.length >= MAX_PRODUCT_IMAGES}
          onChange={(event) => void onFiles(event)}
          className="mt-1 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-emerald-50 file:px-3 file:py-2 file:font-medium file:text-emerald-800"
        />
      </div>
      {images.length > 0 ? (
        <ol className="mt-4 flex flex-col gap-3">
          {images.map((image, i) => (
            <li
              key={image._id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row"
            >
              <img
                src={image.thumbnailUrl}
                alt={image.alt}
                width={160}
                height={120}
                className="aspect-[4/3] w-32 shrink-0 rounded-md bg-slate-100 object-cover"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <div>
                  <label htmlFor={`alt-${image._id}`} className={labelClass}>
                    Alt text of picture {i + 1}
                  </label>
                  <input
                    id={`alt-${image._id}`}
                    value={altOf(image)}
                    maxLength={IMAGE_ALT_MAX}
                    onChange={(event) => {
                      setDrafts((all) => ({ ...all, [image._id]: event.target.value }));
                    }}
                    className={altInputClass}
                  />
                </div>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    aria-disabled={i === 0 || busy}
                    onClick={() => {
                      if (i > 0 && !busy)
                        void save(moved(images, i, -1), `Picture moved to place ${String(i)}`);
                    }}
                    className={smallButtonClass}
                  >
                    Move up<span className="sr-only"> picture {i + 1}</span>
                  </button>
                  <button
                    type="button"
                    aria-disabled={i === images.length - 1 || busy}
                    onClick={() => {
                      if (i < images.length - 1 && !busy)
                        void save(moved(images, i, 1), `Picture moved to place ${String(i + 2)}`);
                    }}
                    className={smallButtonClass}
                  >
                    Move down<span className="sr-only"> picture {i + 1}</span>
                  </button>
                  <button
                    type="button"
                    aria-disabled={busy}
                    onClick={() => {
                      if (!busy)
                        void run(
                          () => deleteImage({ id: product._id, imageId: image._id }).unwrap(),
                          'Picture deleted',
                        );
                    }}
                    className={`${smallButtonClass} text-red-700`}
                  >
                    Delete<span className="sr-only"> picture {i + 1}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {images.length > 0 ? (
        <button
          type="button"
          aria-disabled={!altsChanged || busy}
          onClick={() => {
            if (altsChanged && !busy) void save(images, 'Alt text saved');
          }}
          className={`${smallButtonClass} mt-3`}
        >
          Save alt text
        </button>
      ) : null}
    </section>
  );
}
