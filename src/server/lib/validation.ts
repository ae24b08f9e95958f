import type { z } from 'zod';
import type { ErrorDetail } from '#shared/contract/envelope.ts';
import { AppError } from './app-error.ts';

/** The part of a request an input came in; every detail's path starts with it. */
export type InputPart = 'body' | 'query' | 'params' | 'headers';

/** What zod and Fastify's schema validation both report for one invalid value. */
interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The 400 every invalid input answers: the first issue's message, and one detail per issue whose
 * path is `<part>.<field>` (`body.name`, `query.page`, `params.orderId`; nested fields go on with
 * dots), whether Fastify checked the input or a service did (multipart forms, rules a schema
 * cannot state).
 */
export function validationError(part: InputPart, issues: readonly InputIssue[]): AppError {
  const details: ErrorDetail[] = issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  return new AppError(400, 'VALIDATION_ERROR', details[0]?.message ?? 'Invalid input', details);
}

/** One field refused by a rule beyond its schema (a wrong password, an image URL not ours). */
export function fieldError(part: InputPart, field: string, message: string): AppError {
  return validationError(part, [{ path: [field], message }]);
}

/** The input as the schema makes it, or the validation error naming every invalid field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  part: InputPart,
  input: unknown,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(part, parsed.error.issues);
  return parsed.data;
}
