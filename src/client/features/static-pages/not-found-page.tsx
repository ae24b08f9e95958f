import { Link } from 'react-router';
import { notFoundMessage } from '#shared/messages/not-found.ts';
import { paths } from '#client/lib/paths.ts';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-600">404</p>
      <h1 className="text-2xl font-bold tracking-wide">{notFoundMessage}</h1>
      <Link
        to={paths.home}
        className="rounded-md bg-ink px-5 py-3 font-semibold text-white hover:bg-slate-700"
      >
        Back Home
      </Link>
    </main>
  );
}
