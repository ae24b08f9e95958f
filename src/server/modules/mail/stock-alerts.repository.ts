import { and, count, desc, eq, exists, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { WaitingRiders } from '#shared/contract/mail.ts';
import type { Executor } from '#server/db/client.ts';
import { countRows } from '#server/db/queries.ts';
import { productSizes, products, stockAlertConfirmations, stockAlerts } from '#server/db/schema.ts';
import { enqueueMail, type MailContent } from './outbox.ts';

/** The first key of the advisory lock taken on an address while its confirmation mails are counted. */
const ADDRESS_LOCK_CLASS = 2021;

/** Whether the product (or the one size) is live and sold out. */
async function isSoldOut(db: Executor, productId: string, size: string | null): Promise<boolean> {
  const live = and(eq(products.id, productId), isNull(products.deletedAt));
  const rows =
    size === null
      ? await db
          .select({ id: products.id })
          .from(products)
          .where(and(live, eq(products.quantity, 0)))
          .limit(1)
      : await db
          .select({ id: products.id })
          .from(products)
          .innerJoin(
            productSizes,
            and(
              eq(productSizes.productId, products.id),
              eq(productSizes.label, size),
              eq(productSizes.quantity, 0),
            ),
          )
          .where(live)
          .limit(1);
  return rows.length > 0;
}

/** An alert as the request left it: confirmed (mailed on restock) or waiting for its owner. */
export interface ArmedAlert {
  id: string;
  confirmed: boolean;
  unsubscribeToken: string;
}

/**
 * Stores an alert for the address on the product (or one of its sizes), only while it is sold
 * out; returns undefined when it has stock (or is gone). One alert per address, product and size:
 * - `confirmed` (the signed-in rider's own address): the alert is active at once, whatever it was.
 * - otherwise a new alert waits for its owner's confirmation; one waiting already is left as it
 *   is; one used up by an earlier restock is armed again and must be confirmed again, since the
 *   owner agreed to one mail, not to whoever asks next.
 * A restock between the check and the insert leaves an alert that waits for the next one:
 * harmless, and the rider sees it in stock anyway.
 */
export async function armStockAlert(
  db: Executor,
  input: {
    productId: string;
    size: string | null;
    email: string;
    unsubscribeToken: string;
    confirmed: boolean;
    now: Date;
  },
): Promise<ArmedAlert | undefined> {
  if (!(await isSoldOut(db, input.productId, input.size))) return undefined;
  const used = sql`${stockAlerts.notifiedAt} IS NOT NULL`;
  const armedAgain = sql`CASE WHEN ${used} THEN ${input.now} ELSE ${stockAlerts.createdAt} END`;
  const key = and(
    eq(stockAlerts.productId, input.productId),
    eq(stockAlerts.email, input.email),
    eq(stockAlerts.size, input.size ?? ''),
  );
  await db
    .insert(stockAlerts)
    .values({
      productId: input.productId,
      email: input.email,
      size: input.size ?? '',
      unsubscribeToken: input.unsubscribeToken,
      confirmedAt: input.confirmed ? input.now : null,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: [stockAlerts.productId, stockAlerts.email, stockAlerts.size],
      set: input.confirmed
        ? {
            notifiedAt: null,
            createdAt: armedAgain,
            confirmedAt: sql`CASE WHEN ${used} THEN ${input.now} ELSE coalesce(${stockAlerts.confirmedAt}, ${input.now}) END`,
          }
        : { notifiedAt: null, createdAt: input.now, confirmedAt: null },
      ...(input.confirmed ? {} : { setWhere: used }),
    });
  const [row] = await db
    .select({
      id: stockAlerts.id,
      confirmedAt: stockAlerts.confirmedAt,
      unsubscribeToken: stockAlerts.unsubscribeToken,
    })
    .from(stockAlerts)
    .where(key);
  if (!row) throw new Error('stock alert upsert left no row');
  return {
    id: row.id,
    confirmed: row.confirmedAt !== null,
    unsubscribeToken: row.unsubscribeToken,
  };
}

/**
 * Stores a confirmation link for a waiting alert and writes its mail in the same transaction,
 * unless the address already got `maxPerWindow` confirmation mails since `windowStart`. Requests
 * for one address are counted one after another (an advisory lock on the address, which may
 * belong to no account). Returns whether a mail was written.
 */
export async function issueAlertConfirmation(
  db: Executor,
  input: {
    alertId: string;
    email: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
    windowStart: Date;
    maxPerWindow: number;
    mail: Extract<MailContent, { kind: 'stock-alert-confirm' }>['payload'];
  },
): Promise<boolean> {
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${input.email}))`,
  );
  const recent = await countRows(
    db,
    stockAlertConfirmations,
    and(
      eq(stockAlertConfirmations.email, input.email),
      gte(stockAlertConfirmations.createdAt, input.windowStart),
    ),
  );
  if (recent >= input.maxPerWindow) return false;
  const [row] = await db
    .insert(stockAlertConfirmations)
    .values({
      alertId: input.alertId,
      email: input.email,
      tokenHash: input.tokenHash,
      expiresAt: input.expiresAt,
      createdAt: input.now,
    })
    .returning({ id: stockAlertConfirmations.id });
  if (!row) throw new Error('stock alert confirmation insert returned nothing');
  await enqueueMail(
    db,
    {
      kind: 'stock-alert-confirm',
      to: input.email,
      payload: input.mail,
      dedupeKey: `stock-alert-confirm:${row.id}`,
    },
    input.now,
  );
  return true;
}

/**
 * Confirms the alert a confirmation link names, if the link has not expired and was mailed for
 * the alert as it is armed now (not for an earlier arming that a restock used up). Confirming a
 * confirmed alert again changes nothing. Returns whether the link was good.
 */
export async function confirmStockAlert(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(stockAlerts)
    .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, ${now})` })
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(stockAlertConfirmations)
          .where(
            and(
              eq(stockAlertConfirmations.alertId, stockAlerts.id),
              eq(stockAlertConfirmations.tokenHash, tokenHash),
              gt(stockAlertConfirmations.expiresAt, now),
              gte(stockAlertConfirmations.createdAt, stockAlerts.createdAt),
            ),
          ),
      ),
    )
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/** Removes the alert the token belongs to; true when there was one. */
export async function deleteStockAlert(db: Executor, unsubscribeToken: string): Promise<boolean> {
  const rows = await db
    .delete(stockAlerts)
    .where(eq(stockAlerts.unsubscribeToken, unsubscribeToken))
    .returning({ id: stockAlerts.id });
  return rows.length > 0;
}

/**
 * Confirmed alerts still waiting (not yet mailed), counted per live product and size, the most
 * awaited first. Alerts nobody confirmed are left out: they may be addresses typed by strangers.
 */
export function countWaitingRiders(db: Executor): Promise<WaitingRiders[]> {
  const waiting = count(stockAlerts.id);
  return db
    .select({
      productId: products.id,
      name: products.name,
      brand: products.brand,
      size: sql<string | null>`nullif(${stockAlerts.size}, '')`,
      waiting,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(
      and(
        isNull(stockAlerts.notifiedAt),
        isNotNull(stockAlerts.confirmedAt),
        isNull(products.deletedAt),
      ),
    )
    .groupBy(products.id, products.name, products.brand, stockAlerts.size)
    .orderBy(desc(waiting), products.name, stockAlerts.size)
    .limit(100);
}
