import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorDetail, ErrorEnvelope } from '#shared/contract/envelope.ts';
import { AppError } from '../lib/app-error.ts';

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

/**
 * PostgreSQL's character_not_in_repertoire: text holding a NUL character, which no text column
 * can store. It is the caller's input, so it is a 400, wherever in the driver's causes it sits.
 */
function isUnstorableText(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '22021') return true;
  }
  return false;
}

function envelope(message: string, code: string, details?: ErrorDetail[]): ErrorEnvelope {
  return { success: false, message, code, ...(details?.length ? { details } : {}) };
}

/** Writes every error as the envelope of DESIGN.md section 4: no stack, no SQL, generic 5xx. */
export const errorsPlugin = fp((app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(envelope(error.message, error.code, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      return reply
        .code(400)
        .send(envelope(details[0]?.message ?? 'Invalid input', 'VALIDATION_ERROR', details));
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
