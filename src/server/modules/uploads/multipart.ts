import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import { imageErrors, MAX_IMAGE_BYTES } from './images.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  /** Uploaded files by field name, read fully into memory (each at most 5 MiB); the last one wins. */
  files: Record<string, Buffer>;
  /** Every uploaded file by field name, in the order sent (a field may repeat). */
  fileLists: Record<string, Buffer[]>;
}

/** Text fields are short (the longest is a 5,000-character description). */
const MAX_FIELD_BYTES = 64 * 1024;

const tooManyParts = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', 'The form has too many fields or files.');

/**
 * Turns the multipart parser's errors into API errors. Only the parser runs while a form is read,
 * so whatever else it throws (no boundary in the content type, a body cut short, a malformed part
 * header: plain Errors from busboy) is a form the client sent broken, never a fault of ours.
 */
function translate(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return imageErrors.tooLarge();
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return tooManyParts();
    default:
      return badRequest('The form could not be read.');
  }
}

/**
 * Reads a multipart form: text fields and at most `maxFiles` files (one unless a route takes
 * several, like a gallery upload), refusing anything over the limits.
 */
export async function readMultipart(request: FastifyRequest, maxFiles = 1): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: Record<string, Buffer> = Object.create(null) as Record<string, Buffer>;
  const fileLists: Record<string, Buffer[]> = Object.create(null) as Record<string, Buffer[]>;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        fieldSize: MAX_FIELD_BYTES,
        files: maxFiles,
        fields: 20,
        parts: 20 + maxFiles,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.file.truncated) throw imageErrors.tooLarge();
        // A file input left empty arrives as a part with no name and no bytes: no file was chosen.
        if (buffer.length === 0 && !part.filename) continue;
        files[part.fieldname] = buffer;
        (fileLists[part.fieldname] ??= []).push(buffer);
      } else if (typeof part.value === 'string') {
        if (part.valueTruncated)
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'A form field is too long.');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw translate(error);
  }
  return { fields, files, fileLists };
}
