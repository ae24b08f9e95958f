import type { Executor } from '#server/db/client.ts';
import { paymentEvents } from '#server/db/schema.ts';

/** Records a provider event once; false when it was already recorded (a replay). */
export async function recordPaymentEvent(
  db: Executor,
  event: {
    provider: string;
    eventId: string;
    type: string;
    orderId: string | null;
    payload: unknown;
    at: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      type: event.type,
      orderId: event.orderId,
      payload: event.payload,
      createdAt: event.at,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}
