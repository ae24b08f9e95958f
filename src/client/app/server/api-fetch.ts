/**
 * On the server the store's API calls go to the API in the same process. RTK Query's base query
 * builds a `Request` (which needs an absolute address) and hands it to the global `fetch`; this
 * module runs before the API module is evaluated, gives it an address of its own, and routes
 * calls to that address to the handler the server installed. Everything else keeps the real
 * `fetch`. Server-rendered data is the same for every visitor, so one handler serves all renders.
 */
export const INTERNAL_ORIGIN = 'http://storefront.internal';

type Fetch = (request: Request) => Promise<Response>;

let handler: Fetch | undefined;
const globals = globalThis as { location?: { href: string } };
globals.location ??= { href: `${INTERNAL_ORIGIN}/` };

const realFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = input instanceof Request ? input.url : String(input);
  if (handler && url.startsWith(`${INTERNAL_ORIGIN}/`)) return handler(new Request(input, init));
  return realFetch(input, init);
};

export function installApi(fetchApi: Fetch): void {
  handler = fetchApi;
}
