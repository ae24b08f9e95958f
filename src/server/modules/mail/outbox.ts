import type { Executor } from '#server/db/client.ts';
import type { LowStockLine } from './low-stock-digest.repository.ts';
import { insertMail } from './mail.repository.ts';

/** An order as its mails describe it, captured in the transaction of the change. */
export interface OrderMailFacts {
  orderId: string;
  customerName: string;
  productName: string;
  brand: string;
  /** The size bought; absent for a one-size bicycle (and in mails queued before sizes). */
  size?: string | null;
  quantity: number;
  totalCents: number;
  /** Whether the customer's money was taken (a cancel then says it goes back). */
  paid: boolean;
  /** "BC-100001"; absent in mails queued before orders had numbers. */
  number?: string;
  /** A shipped order's parcel. */
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** A collect order's shop. */
  shop?: { name: string; address: string; hours: string } | null;
}

export type OrderMailEvent =
  | 'paid'
  | 'ongoing'
  | 'completed'
  | 'cancelled'
  | 'refunded'
  | 'ready'
  | 'shipped'
  | 'delivered'
  | 'collected';

/** Every mail the store sends, with what its template needs. */
export type MailContent =
  | { kind: 'password-reset'; payload: { name: string; token: string; validMinutes: number } }
  | { kind: `order-${OrderMailEvent}`; payload: OrderMailFacts }
  | {
      // Written by the restock triggers (migrations 0014 and 0017), not by enqueueMail.
      kind: 'stock-alert';
      payload: StockAlertMailFacts & { unsubscribeToken: string };
    }
  | {
      // The double opt-in of an alert asked for someone else's address (decision 020).
      kind: 'stock-alert-confirm';
      payload: StockAlertMailFacts & {
        /** The confirmation link's token, dropped from the outbox once the mail is sent. */
        token: string;
        validDays: number;
        unsubscribeToken: string;
      };
    }
  | {
      // The owners' daily list of sizes under the low-stock threshold (LOW_STOCK_DIGEST).
      kind: 'low-stock-digest';
      payload: {
        name: string;
        /** The UTC day it is for, 2026-11-27. */
        day: string;
        /** The lowest first, at most DIGEST_MAX_LINES of them. */
        lines: LowStockLine[];
        /** How many sizes are under the threshold in all. */
        total: number;
      };
    };

/** The bicycle (and size) a stock alert is about, as its mails name it. */
export interface StockAlertMailFacts {
  productName: string;
  brand: string;
  slug: string;
  /** The size awaited; absent for the bicycle as a whole. */
  size?: string;
}

type QueuedMail = MailContent & {
  to: string;
  /** Names the change that causes the mail: a second mail with the same key is not written. */
  dedupeKey: string;
};

/**
 * Writes a mail to the outbox, in the caller's transaction when `db` is one, so the mail exists
 * exactly when the change that causes it commits. Returns false when a mail with the same dedupe
 * key was already written.
 */
export function enqueueMail(db: Executor, mail: QueuedMail, now: Date): Promise<boolean> {
  return insertMail(db, mail, now);
}

/** The outbox entry of an order change: one mail per order and event. */
export function enqueueOrderMail(
  db: Executor,
  event: OrderMailEvent,
  to: string,
  facts: OrderMailFacts,
  now: Date,
): Promise<boolean> {
  return enqueueMail(
    db,
    { kind: `order-${event}`, payload: facts, to, dedupeKey: `order:${facts.orderId}:${event}` },
    now,
  );
}
