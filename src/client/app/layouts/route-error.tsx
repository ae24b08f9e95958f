import { Link, useRouteError } from 'react-router';
import { paths } from '#client/lib/paths.ts';

/** Shown in place of a page that failed to render or load: a way home instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  // The code of a page may be gone after a new release; a full load fetches the current one.
  const stale = error instanceof TypeError && /dynamically imported module/i.test(error.message);
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <title>Something went wrong | Bi-Cycle Store</title>
      <h1 className="text-2xl font-bold tracking-wide">Something went wrong.</h1>
      <p className="text-slate-700">
        {stale
          ? 'A newer version of the store is available. Reload the page to continue.'
          : 'This page could not be shown. Please try again.'}
      </p>
      <Link
        to={paths.home}
        reloadDocument
        className="rounded-md bg-ink px-5 py-3 font-semibold text-white hover:bg-slate-700"
      >
        Back Home
      </Link>
    </main>
  );
}
