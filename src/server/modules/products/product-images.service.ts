import {
  MAX_PRODUCT_IMAGES,
  productImagesFormSchema,
  type Product,
  type ProductImagesOrder,
} from '#shared/contract/product.ts';
import type { Deps } from '#server/deps.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { fieldError, parseInput } from '#server/lib/validation.ts';
import type { MultipartForm } from '../uploads/multipart.ts';
import { discardImage, withSavedImages } from './product-image-files.ts';
import {
  addImages,
  deleteImage,
  reorderImages,
  type GalleryWrite,
} from './product-images.repository.ts';
import { getProduct } from './products.service.ts';

/** The multipart field that carries the pictures; it repeats for several. */
export const GALLERY_FIELD = 'image';

const galleryFull = (count: number) =>
  conflict(
    'TOO_MANY_IMAGES',
    `A bicycle has at most ${MAX_PRODUCT_IMAGES} pictures and this one has ${count}. Delete some before adding more.`,
  );

/** Turns a refused gallery write into its API error; a done write gives its value. */
function settled<T>(write: GalleryWrite<T>): T {
  switch (write.outcome) {
    case 'done':
      return write.value;
    case 'missing':
      throw notFound('Product not found.');
    case 'unknownImage':
      throw notFound('Image not found.');
    case 'full':
      throw galleryFull(write.count);
    case 'mismatch':
      throw conflict(
        'GALLERY_CHANGED',
        'The gallery has changed since it was loaded. Load it again, then make your changes.',
      );
  }
}

/**
 * POST /products/:id/images: each file checked and stored as the product form's image is, then
 * added after the last picture in one transaction. Files of a refused upload are deleted.
 */
export async function addProductImages(
  deps: Deps,
  id: string,
  form: MultipartForm,
): Promise<Product> {
  const { alt } = parseInput(productImagesFormSchema, 'body', form.fields);
  const files = form.fileLists[GALLERY_FIELD] ?? [];
  if (files.length === 0) throw fieldError('body', GALLERY_FIELD, 'Choose at least one image.');
  // Refused before any file is decoded; checked again under the product's lock when writing.
  const current = await getProduct(deps, id);
  const count = current.images?.length ?? 0;
  if (count + files.length > MAX_PRODUCT_IMAGES) throw galleryFull(count);
  const keys: string[] = [];
  await withSavedImages(deps, keys, async () => {
    for (const file of files) keys.push((await deps.images.save(file)).key);
    settled(await addImages(deps.db, id, keys, alt ?? '', MAX_PRODUCT_IMAGES));
  });
  deps.catalogChanged();
  return getProduct(deps, id);
}

/** PUT /products/:id/images: the whole gallery in its new order, with each picture's alt text. */
export async function reorderProductImages(
  deps: Deps,
  id: string,
  order: ProductImagesOrder,
): Promise<Product> {
  settled(await reorderImages(deps.db, id, order));
  deps.catalogChanged();
  return getProduct(deps, id);
}

/** DELETE /products/:id/images/:imageId: the next picture, if any, becomes the first. */
export async function deleteProductImage(
  deps: Deps,
  id: string,
  imageId: string,
): Promise<Product> {
  const key = settled(await deleteImage(deps.db, id, imageId));
  deps.catalogChanged();
  await discardImage(deps, key);
  return getProduct(deps, id);
}
