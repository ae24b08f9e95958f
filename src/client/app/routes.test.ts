import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.tsx';

/** Every route of the table, outermost first. */
function allRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

describe('the route table', () => {
  // The server preloads a page's chunk by its route's id (Vite's manifest is keyed by module):
  // an id that names another module would preload the wrong code.
  const pages = allRoutes(routes).filter((route) => route.id !== undefined);

  it('names a module by each page route id', () => {
    expect(pages.length).toBeGreaterThan(15);
  });

  it.each(pages.map((route) => [route.id ?? '', route] as const))(
    '%s is the module its route loads',
    async (id, route) => {
      if (typeof route.lazy !== 'function') throw new Error(`${id} loads no code`);
      const { Component } = (await route.lazy()) as { Component?: unknown };
      const module = (await import(`../${id}`)) as Record<string, unknown>;
      expect(Object.values(module)).toContain(Component);
    },
  );
});
