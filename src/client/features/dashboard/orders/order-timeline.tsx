import type { OrderEvent } from '#shared/contract/order.ts';
import { EVENT_LABEL, formatMoment } from './order-labels.ts';

/** The order's history, oldest first, as the events record it. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  if (events.length === 0) return <p className="text-slate-600">Nothing has happened yet.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {events.map((event, i) => (
        <li key={`${event.at}-${event.type}-${String(i)}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-emerald-600"
          />
          <p className="font-medium text-slate-900">{EVENT_LABEL[event.type]}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={event.at}>{formatMoment(event.at)}</time>
          </p>
          {event.note ? <p className="text-sm text-slate-700">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
