import type { FastifyInstance } from 'fastify';

/**
 * Every 'METHOD /path' the app answers, read from Fastify's own route tree, so a route added
 * anywhere shows up here without anyone listing it. HEAD routes that Fastify adds beside each GET
 * are left out: they run the GET handler.
 */
export function routeKeys(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const keys = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    const parent = depth > 0 ? (stack[depth - 1] ?? '') : '';
    const full = parent + segment;
    stack[depth] = full;
    stack.length = depth + 1;
    // A prefixed '/' route answers with and without the trailing slash: one row covers both.
    const path = full.length > 1 ? full.replace(/\/$/, '') : full;
    const methods = (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      keys.add(`${method} ${path}`);
    }
  }
  return [...keys].sort();
}

/** The JSON API, as opposed to the OpenAPI browser, CORS preflight and files. */
export function isApiRoute(key: string): boolean {
  return key.slice(key.indexOf(' ') + 1).startsWith('/api/v1/');
}
