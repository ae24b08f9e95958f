import { and, eq, isNull } from 'drizzle-orm';
import type { BankStatus } from '#shared/contract/order.ts';
import type { Executor } from '../db/client.ts';
import { orders, sandboxSessions } from '../db/schema.ts';

type SandboxSessionRow = typeof sandboxSessions.$inferSelect;

/**
 * Creates the session of the order's payment attempt, or returns the one it already has (order
 * id and attempt are the idempotency key).
 */
export async function insertOrFindSession(
  db: Executor,
  values: {
    id: string;
    orderId: string;
    attempt: number;
    amountCents: number;
    description: string;
    returnUrl: string;
    createdAt: Date;
  },
): Promise<SandboxSessionRow> {
  const [created] = await db
    .insert(sandboxSessions)
    .values(values)
    .onConflictDoNothing({ target: [sandboxSessions.orderId, sandboxSessions.attempt] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(sandboxSessions)
    .where(
      and(eq(sandboxSessions.orderId, values.orderId), eq(sandboxSessions.attempt, values.attempt)),
    )
    .limit(1);
  if (!existing) throw new Error('sandbox session vanished');
  return existing;
}

export async function findSession(
  db: Executor,
  id: string,
): Promise<SandboxSessionRow | undefined> {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).limit(1);
  return row;
}

interface SandboxCheckoutView {
  session: SandboxSessionRow;
  quantity: number;
  /** The size bought; null for a one-size bicycle. */
  size: string | null;
}

/** The session with what the payment page shows beside it. */
export async function findCheckoutView(
  db: Executor,
  id: string,
): Promise<SandboxCheckoutView | undefined> {
  const [row] = await db
    .select({ session: sandboxSessions, quantity: orders.quantity, size: orders.size })
    .from(sandboxSessions)
    .innerJoin(orders, eq(orders.id, sandboxSessions.orderId))
    .where(eq(sandboxSessions.id, id))
    .limit(1);
  return row;
}

/** Records the outcome once: a session that already has one is left unchanged. */
export async function recordOutcome(
  db: Executor,
  id: string,
  outcome: Exclude<BankStatus, 'Pending'>,
  cardLast4: string | null,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(sandboxSessions)
    .set({ outcome, cardLast4, completedAt: at })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.outcome, 'Pending')))
    .returning({ id: sandboxSessions.id });
  return rows.length > 0;
}

export async function markRefunded(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(sandboxSessions)
    .set({ refundedAt: at })
    .where(
      and(
        eq(sandboxSessions.id, id),
        eq(sandboxSessions.outcome, 'Success'),
        isNull(sandboxSessions.refundedAt),
      ),
    );
}
