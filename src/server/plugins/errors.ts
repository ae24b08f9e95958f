import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorDetail, ErrorEnvelope } from '#shared/contract/envelope.ts';
import { hasPgCode } from '../db/pg-errors.ts';
import { AppError } from '../lib/app-error.ts';
import { validationError, type InputPart } from '../lib/validation.ts';

const GENERIC_5XX = 'Something went wrong on our side. Please try again later.';

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Fastify names the query string "querystring"; the envelope's paths say "query". */
const partOfContext: Record<string, InputPart> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * PostgreSQL's character_not_in_repertoire: text holding a NUL character, which no text column
 * can store. It is the caller's input, so it is a 400.
 */
const isUnstorableText = (error: unknown) => hasPgCode(error, '22021');

function envelope(message: string, code: string, details?: ErrorDetail[]): ErrorEnvelope {
  return { success: false, message, code, ...(details?.length ? { details } : {}) };
}

/**
 * Errors the router raises before any route runs (bad URL encoding, over-long parameters), for
 * Fastify's `frameworkErrors`: they still answer with the envelope.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 400;
  // Sent before any hook runs, so the security headers are set here.
  void reply
    .code(status)
    .headers({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    })
    .send(
      envelope(
        status === 414 ? 'The address is too long.' : 'The address is not valid.',
        status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST',
      ),
    );
}

/** Fastify's schema validation failure, as every other invalid input answers. */
function schemaValidationError(error: FastifyError): AppError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  return validationError(
    partOfContext[error.validationContext ?? 'body'] ?? 'body',
    error.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? 'Invalid value',
    })),
  );
}

/** Writes every error as the envelope of DESIGN.md section 4: no stack, no SQL, generic 5xx. */
export const errorsPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = error instanceof AppError ? error : schemaValidationError(error);
    if (known) {
      return reply.code(known.statusCode).send(envelope(known.message, known.code, known.details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send(envelope(GENERIC_5XX, 'INTERNAL_ERROR'));
    }
    if (isUnstorableText(error)) {
      return reply
        .code(400)
        .send(envelope('The request contains characters that cannot be stored.', 'BAD_REQUEST'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) {
        return reply
          .code(429)
          .send(envelope('Too many requests. Please try again later.', 'RATE_LIMITED'));
      }
      // Uploads raise their own 413s (AppError); this one is a body over its route's limit.
      const message = status === 413 ? 'The request is too large.' : error.message;
      return reply.code(status).send(envelope(message, codeByStatus[status] ?? 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(GENERIC_5XX, 'INTERNAL_ERROR'));
  });
});
