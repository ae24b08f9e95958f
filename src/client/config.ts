/** The one reader of import.meta.env on the client. */
export const clientConfig = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api/v1',
} as const;
