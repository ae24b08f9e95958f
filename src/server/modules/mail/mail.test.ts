import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema.ts';
import { getAs } from '#server/test/accounts-helpers.ts';
import { createProduct, createUser, type TestUser } from '#server/test/fixtures.ts';
import {
  cancelAs,
  payWithCard,
  placeOrderOk,
  setStatusAs,
  sweepOnce,
  verify,
  verifyOk,
} from '#server/test/orders-helpers.ts';
import { useSmtpServer } from '#server/test/smtp-helpers.ts';
import {
  createTestContext,
  testDbKind,
  type TestContext,
  useTestContext,
} from '#server/test/test-app.ts';
import { markPaid } from '../orders/orders.repository.ts';
import { MAIL_MAX_ATTEMPTS, retryDelayMs } from './mail-worker.ts';
import { enqueueOrderMail } from './outbox.ts';

describe('order mails through the outbox', () => {
  let other: TestContext | undefined;
  let customer: TestUser;
  let admin: TestUser;

  const smtp = useSmtpServer();
  const env = () => ({ SMTP_URL: smtp.url, ACCESS_TOKEN_TTL: '1d' });
  const ctx = useTestContext(env);
  // Both instances exist before any data: creating a context empties the database.
  beforeAll(async () => {
    if (testDbKind === 'postgres') other = await createTestContext(env());
  });
  afterAll(() => other?.close());
  beforeEach(async () => {
    await ctx.reset();
    smtp.mails.length = 0;
    smtp.refuse = false;
    customer = await createUser(ctx, { name: 'Olga Owner' });
    admin = await createUser(ctx, { role: 'admin' });
  });

  async function paidOrder(quantity = 2) {
    const product = await createProduct(ctx, {
      name: 'Ridgeback X1',
      brand: 'Trekline',
      price: 120,
    });
    const { url, orderId } = await placeOrderOk(ctx, customer, product.id, quantity);
    expect((await payWithCard(ctx, url)).statusCode).toBe(303);
    return { orderId, product };
  }

  const subjects = () => smtp.to(customer.email).map((m) => m.subject);

  it('sends payment received once, even when the payment is verified again and at once', async () => {
    const { orderId } = await paidOrder(2);
    const answers = await Promise.all([
      verify(ctx, customer, orderId),
      verify(ctx, customer, orderId),
      verify(ctx, customer, orderId),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await verifyOk(ctx, customer, orderId)).bank_status).toBe('Success');
    await ctx.app.mail.flush();
    await ctx.app.mail.flush();

    expect(subjects()).toEqual(['Payment received (BC-100001) · Bi-Cycle Store']);
    const [mail] = smtp.to(customer.email);
    expect(mail?.text).toContain('Hello Olga Owner,');
    expect(mail?.text).toContain('We received your payment of $240.00.');
    expect(mail?.text).toContain('Trekline Ridgeback X1 × 2, total $240.00.');
    // Each test starts from an empty store: its order is the first one.
    expect(mail?.text).toContain('Order BC-100001');
    expect(mail?.text).toContain('http://store.test/orders/BC-100001');
    expect(mail?.html).toContain('href="http://store.test/orders/BC-100001"');
  });

  it('tells the customer when the order is being prepared and when it is complete, once each', async () => {
    const { orderId } = await paidOrder(1);
    await verifyOk(ctx, customer, orderId);
    const raced = await Promise.all([
      setStatusAs(ctx, admin, orderId, 'Ongoing'),
      setStatusAs(ctx, admin, orderId, 'Ongoing'),
    ]);
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await setStatusAs(ctx, admin, orderId, 'Completed')).statusCode).toBe(200);
    expect((await setStatusAs(ctx, admin, orderId, 'Completed')).statusCode).toBe(200);
    await ctx.app.mail.flush();
    expect(subjects()).toEqual([
      'Payment received (BC-100001) · Bi-Cycle Store',
      'Your order is being prepared (BC-100001) · Bi-Cycle Store',
      'Your order is complete (BC-100001) · Bi-Cycle Store',
    ]);
  });

  it('says the refund is on its way on cancel, then that it was made', async () => {
    const { orderId } = await paidOrder(1);
    await verifyOk(ctx, customer, orderId);
    expect((await cancelAs(ctx, customer, orderId)).statusCode).toBe(200);
    await ctx.app.mail.flush();
    const mails = smtp.to(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Payment received (BC-100001) · Bi-Cycle Store',
      'Your order was cancelled (BC-100001) · Bi-Cycle Store',
      'Your payment was refunded (BC-100001) · Bi-Cycle Store',
    ]);
    expect(mails[1]?.text).toContain('Your payment of $120.00 will be refunded');
    expect(mails[2]?.text).toContain('Your payment of $120.00 has been refunded.');
  });

  it('sends one cancel mail for an unpaid order that expires, whatever the sweeps do', async () => {
    const product = await createProduct(ctx);
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    ctx.clock.advance(ctx.config.payments.timeoutMs + 60_000);
    await Promise.all([sweepOnce(ctx), sweepOnce(ctx)]);
    await sweepOnce(ctx);
    await ctx.app.mail.flush();
    const mails = smtp.to(customer.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your order was cancelled (BC-100001) · Bi-Cycle Store',
    ]);
    expect(mails[0]?.text).toContain('Your order was cancelled.');
    expect(mails[0]?.text).not.toContain('refund');
    const rows = await ctx.database.db.select().from(emailOutbox);
    expect(rows.map((r) => r.dedupeKey)).toEqual([`order:${orderId}:cancelled`]);
  });

  it('writes no mail for a change that rolled back', async () => {
    const product = await createProduct(ctx);
    const { orderId } = await placeOrderOk(ctx, customer, product.id, 1);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        expect(await markPaid(tx, orderId, ctx.clock.now())).toBe(true);
        throw new Error('the rest of the change failed');
      }),
    ).rejects.toThrow('the rest of the change failed');
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
    expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.mails).toHaveLength(0);
  });

  it('retries a refused mail with growing delays, then marks it failed for the admin', async () => {
    const { orderId } = await paidOrder(1);
    smtp.refuse = true;
    await verifyOk(ctx, customer, orderId);
    expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 1, failed: 0 });
    // Not due again before its delay.
    ctx.clock.advance(retryDelayMs(1) - 1000);
    expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
    ctx.clock.advance(1000);
    for (let attempt = 2; attempt < MAIL_MAX_ATTEMPTS; attempt += 1) {
      expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 1, failed: 0 });
      ctx.clock.advance(retryDelayMs(attempt));
    }
    expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 0, failed: 1 });
    ctx.clock.advance(2 * 60 * 60_000);
    smtp.refuse = false;
    expect(await ctx.app.mail.flush()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.mails).toHaveLength(0);

    const listed = await getAs(ctx, '/api/v1/dashboard/mail?status=failed', admin.auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({
      success: true,
      data: [
        {
          to: customer.email,
          kind: 'order-paid',
          status: 'failed',
          attempts: MAIL_MAX_ATTEMPTS,
          lastError: expect.stringContaining('550') as unknown,
        },
      ],
    });
    const asCustomer = await getAs(ctx, '/api/v1/dashboard/mail?status=failed', customer.auth);
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await getAs(ctx, '/api/v1/dashboard/mail');
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends a mail that failed once on the next attempt', async () => {
    const { orderId } = await paidOrder(1);
    smtp.refuse = true;
    await verifyOk(ctx, customer, orderId);
    await ctx.app.mail.flush();
    smtp.refuse = false;
    ctx.clock.advance(retryDelayMs(1));
    expect(await ctx.app.mail.flush()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [row] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'order-paid'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(subjects()).toEqual(['Payment received (BC-100001) · Bi-Cycle Store']);
  });

  it(
    testDbKind === 'postgres'
      ? 'sends each mail once when two instances flush at once'
      : 'sends each mail once when flushes overlap',
    async () => {
      const count = 30;
      const facts = {
        customerName: 'Olga Owner',
        productName: 'Ridgeback X1',
        brand: 'Trekline',
        quantity: 1,
        totalCents: 12_000,
        paid: true,
      };
      for (let i = 0; i < count; i += 1) {
        await enqueueOrderMail(
          ctx.database.db,
          'paid',
          `rider${String(i)}@example.com`,
          { ...facts, orderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` },
          ctx.clock.now(),
        );
      }
      const second = other ?? ctx;
      // The instances share a database, and here a clock: the mails are due for both.
      second.clock.set(ctx.clock.now());
      const results = await Promise.all([
        ctx.app.mail.flush(),
        second.app.mail.flush(),
        ctx.app.mail.flush(),
        second.app.mail.flush(),
      ]);
      await Promise.all([ctx.app.mail.flush(), second.app.mail.flush()]);
      const recipients = smtp.mails.map((m) => (Array.isArray(m.to) ? '' : (m.to?.text ?? '')));
      expect(recipients).toHaveLength(count);
      expect(new Set(recipients).size).toBe(count);
      expect(results.reduce((n, r) => n + r.failed + r.retried, 0)).toBe(0);
      if (other) {
        // Both instances took part (each claims a batch at a time).
        expect(results[0].sent).toBeGreaterThan(0);
        expect(results[1].sent).toBeGreaterThan(0);
      }
      const sent = await ctx.database.db
        .select({ attempts: emailOutbox.attempts })
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'sent'));
      expect(sent).toHaveLength(count);
      expect(sent.every((r) => r.attempts === 1)).toBe(true);
    },
  );
});
