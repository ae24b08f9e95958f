import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { pageFormsMessages } from '#shared/messages/page-forms.ts';

/** What a page's form may send: its few fields, far below this (as the API's JSON limit). */
export const PAGE_FORM_LIMIT = 16 * 1024;

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Why a form posted to a page is not acted on, as a status and a sentence for the shopper. */
export interface FormRefusal {
  status: number;
  message: string;
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether the browser sent this form from one of the store's own pages. Another site's page could
 * otherwise post a sign-in with its own account's password and sign the visitor into that account
 * (login CSRF). `Sec-Fetch-Site` answers when the browser sends it; else `Origin`, else `Referer`;
 * a post with none of them (not a browser, or one that hides where it comes from) is refused.
 */
export function sentFromThisSite(request: FastifyRequest, appUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const from = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  if (!from) return false;
  const own = new Set([`${request.protocol}://${request.host}`, originOf(appUrl)]);
  return own.has(from);
}

/** The refusal of a page post that is not from this site or is not a form, else undefined. */
export function formRefusal(request: FastifyRequest, appUrl: string): FormRefusal | undefined {
  if (!sentFromThisSite(request, appUrl)) {
    return { status: 403, message: pageFormsMessages.crossSite };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE) return { status: 415, message: pageFormsMessages.unreadable };
  if (Number(request.headers['content-length'] ?? 0) > PAGE_FORM_LIMIT) {
    return { status: 413, message: pageFormsMessages.tooLarge };
  }
  return undefined;
}

/**
 * The form's body as sent, or undefined when it is larger than `limit`. Page posts reach the
 * not-found handler with their body unread (no parser is registered for forms outside the routes
 * that take them), so it is read here, counting as it comes.
 */
export async function readFormBody(
  raw: IncomingMessage,
  limit = PAGE_FORM_LIMIT,
): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > limit) return undefined;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
