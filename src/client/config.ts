/**
 * What the client reads from its build's environment, checked at start-up so a wrong value fails
 * there instead of as a broken address later. One variable does not warrant zod in the store
 * front's first load (e2e/bundle.spec.ts keeps zod out of it).
 */
function apiBaseUrl(env: Readonly<Record<string, unknown>>): string {
  const value = env.VITE_API_BASE_URL;
  if (value === undefined) return '/api/v1';
  if (typeof value !== 'string' || value.length === 0)
    throw new Error('VITE_API_BASE_URL must be a non-empty address when it is set');
  return value;
}

/** The one reader of import.meta.env on the client. */
export const clientConfig = {
  apiBaseUrl: apiBaseUrl(import.meta.env),
} as const;
