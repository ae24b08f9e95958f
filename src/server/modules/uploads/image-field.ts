import { fieldError } from '#server/lib/validation.ts';
import { keyFromUrl } from './images.ts';
import type { MultipartForm } from './multipart.ts';

/** What a create or update form asks for its image. */
export type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; file: Buffer };

/**
 * Whether the text is a URL the API gave out for this image (large or thumbnail): relative, or
 * absolute under whatever asset base (the app, a CDN with a path) served it. Only the key is
 * compared, so nothing but the current image can ever be kept this way.
 */
export function isCurrentImageUrl(text: string, currentKey: string | null): boolean {
  if (!currentKey) return false;
  return keyFromUrl(text) === currentKey;
}

/**
 * Reads the image part of a form: a file replaces the image, the current image URL keeps it,
 * "" removes it, and no part at all keeps it. Any other text is refused: the server never fetches
 * or adopts a URL it did not issue for this record.
 */
export function readImageChange(
  form: MultipartForm,
  field: string,
  currentKey: string | null,
): ImageChange {
  const file = form.files[field];
  const text = form.fields[field];
  if (file && text !== undefined) {
    throw fieldError(
      'body',
      field,
      'Send either a new image file or the current image URL, not both.',
    );
  }
  if (file) return { kind: 'replace', file };
  if (text === undefined) return { kind: 'keep' };
  if (text.trim() === '') return { kind: 'remove' };
  if (isCurrentImageUrl(text, currentKey)) return { kind: 'keep' };
  throw fieldError(
    'body',
    field,
    'The image must be a new image file, the current image URL, or empty to remove it.',
  );
}
