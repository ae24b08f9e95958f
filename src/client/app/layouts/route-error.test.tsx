import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#client/lib/paths.ts';
import { memoryStorage } from '#client/test/testing.tsx';
import { makeStore } from '../store.ts';
import { routes } from '../routes.tsx';

function Broken(): never {
  throw new Error('a page that cannot render');
}

/** The app's own top-level route at `path`, with a page inside it that throws. */
function breakingRoute(path: string): RouteObject {
  const route = routes.find((r) => (r.path ?? '/') === path);
  if (!route) throw new Error(`no top-level route ${path}`);
  const { path: routePath, element, errorElement, handle } = route;
  const page = route.children
    ? { element, children: [{ index: true, Component: Broken }] }
    : { Component: Broken };
  return { path: routePath, errorElement, handle, ...page };
}

function renderAt(route: RouteObject, entry: string) {
  const { store } = makeStore(memoryStorage());
  const router = createMemoryRouter([route], { initialEntries: [entry] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('the route error page', () => {
  beforeEach(() => {
    // React reports the caught error on the console; the page is what is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('replaces a store front page that throws with a friendly page and a way home', async () => {
    renderAt(breakingRoute('/'), paths.home);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    expect(screen.getByText('This page could not be shown. Please try again.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', paths.home);
  });

  it('replaces a dashboard page that throws the same way', async () => {
    renderAt(breakingRoute(paths.dashboard.all), paths.dashboard.home);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back Home' })).toHaveAttribute('href', paths.home);
  });
});
