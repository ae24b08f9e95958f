import * as z from 'zod/mini';

/**
 * What the client reads from its build's environment. The mini build of zod keeps the first
 * load's JavaScript small; a wrong value fails at start-up instead of as a broken address later.
 */
const clientEnv = z.object({
  VITE_API_BASE_URL: z.optional(z.string().check(z.minLength(1))),
});

const env = clientEnv.parse(import.meta.env);

/** The one reader of import.meta.env on the client. */
export const clientConfig = {
  apiBaseUrl: env.VITE_API_BASE_URL ?? '/api/v1',
} as const;
