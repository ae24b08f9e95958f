import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './test-app.ts';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject, as a browser's FormData would send it. */
export function multipartBody(
  fields: Record<string, string | number>,
  files: FilePart[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----store-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a form the way the dashboard and profile pages do, with these headers (credentials, If-Match). */
export function sendForm(
  ctx: TestContext,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string | number>,
  files: FilePart[] = [],
): Promise<LightMyRequestResponse> {
  const body = multipartBody(fields, files);
  return ctx.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

/** Adds a bicycle through the dashboard's form as the holder of `auth`. */
export function postProduct(
  ctx: TestContext,
  auth: Record<string, string>,
  fields: Record<string, string | number>,
  files: FilePart[] = [],
): Promise<LightMyRequestResponse> {
  return sendForm(ctx, 'POST', '/api/v1/products', auth, fields, files);
}

/** Valid text fields of the product form. */
export function productForm(
  overrides: Record<string, string | number> = {},
): Record<string, string | number> {
  return {
    name: 'Marlin 7',
    brand: 'Trek',
    category: 'Mountain Bike',
    price: '899.99',
    quantity: '7',
    description: 'A trail hardtail with a 100 mm fork.',
    ...overrides,
  };
}
