import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { MAX_IMAGE_BYTES } from './images.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  /** Uploaded files by field name, read fully into memory (each at most 5 MiB). */
  files: Record<string, Buffer>;
}

/** Reads a multipart form: text fields and at most one file, refusing anything over the limits. */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send this form as multipart/form-data.');
  }
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: Record<string, Buffer> = Object.create(null) as Record<string, Buffer>;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20, parts: 21 } })) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller.');
      files[part.fieldname] = buffer;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}
