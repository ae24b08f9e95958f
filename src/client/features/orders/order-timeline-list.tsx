import { useId } from 'react';
import type { OrderDetail } from '#shared/contract/order.ts';
import { timelineOf } from './order-timeline.ts';

const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** What happened to the order, oldest first, each with its date. */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const entries = timelineOf(order);
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        Timeline
      </h2>
      <ol
        aria-labelledby={headingId}
        className="flex flex-col gap-4 border-l-2 border-slate-200 pl-5"
      >
        {entries.map((entry, i) => (
          <li key={`${entry.at}-${String(i)}`} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[27px] h-3 w-3 rounded-full border-2 border-white bg-slate-900"
            />
            <p className="font-semibold text-slate-900">{entry.title}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.at}>{momentFormat.format(new Date(entry.at))}</time>
            </p>
            {entry.detail ? (
              <p className="text-sm break-words text-slate-700">{entry.detail}</p>
            ) : null}
            {entry.tracking ? (
              <p className="text-sm break-words text-slate-700">
                Tracking number {entry.tracking.number}
                {entry.tracking.url ? (
                  <>
                    {' '}
                    <a
                      href={entry.tracking.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-brand-800 underline underline-offset-2 hover:text-ink"
                    >
                      Track the parcel<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
