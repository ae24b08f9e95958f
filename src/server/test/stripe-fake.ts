import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  payment_method_types: string[];
  created: number;
  expires_at: number;
  livemode: false;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
  metadata: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function bracketed(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

/**
 * A local stand-in for the few Stripe endpoints the store calls (Checkout Sessions and Refunds),
 * so the Stripe adapter is tested through the real SDK with no network.
 */
export class StripeFake {
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly refunds: FakeRefund[] = [];
  readonly requests: FakeRequest[] = [];
  /** Makes the next session creation fail with this status (a Stripe outage or a refusal). */
  failNextCreate: number | undefined;
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${String(port)}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      if (!this.server) {
        resolve();
        return;
      }
      this.server.closeAllConnections();
      this.server.close((error) => {
        if (error) reject(error);
        else resolve();
      });
    });
  }

  reset(): void {
    this.sessions.clear();
    this.refunds.length = 0;
    this.requests.length = 0;
    this.idempotent.clear();
    this.failNextCreate = undefined;
  }

  session(sessionId: string): FakeCheckoutSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    return session;
  }

  /** The shopper pays on Stripe's page. */
  pay(sessionId: string): FakeCheckoutSession {
    const session = this.session(sessionId);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = id('pi');
    return session;
  }

  /** Stripe expires the session (time out, or the store closed it). */
  expire(sessionId: string): FakeCheckoutSession {
    const session = this.session(sessionId);
    session.status = 'expired';
    return session;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const method = req.method ?? 'GET';
    this.requests.push({
      method,
      path: url.pathname,
      idempotencyKey,
      authorization: req.headers.authorization,
      form,
    });

    const cacheKey =
      idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : undefined;
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    const answer = cached ?? this.route(method, url.pathname, form);
    if (cacheKey && !cached && answer.status < 500) this.idempotent.set(cacheKey, answer);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(answer.body);
  }

  private route(
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: string } {
    const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
    const error = (status: number, message: string) =>
      json(status, {
        error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message },
      });

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (this.failNextCreate) {
        const status = this.failNextCreate;
        this.failNextCreate = undefined;
        return error(status, 'The fake refused this session.');
      }
      const quantity = Number(form['line_items[0][quantity]']);
      const unitAmount = Number(form['line_items[0][price_data][unit_amount]']);
      const sessionId = id('cs_test');
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: quantity * unitAmount,
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        metadata: bracketed(form, 'metadata'),
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        payment_method_types: ['card'],
        created: Math.floor(Date.now() / 1000),
        expires_at: Number(form.expires_at ?? 0),
        livemode: false,
      };
      this.sessions.set(sessionId, session);
      return json(200, session);
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const session = this.sessions.get(retrieve[1]);
      return session ? json(200, session) : error(404, 'No such checkout.session');
    }

    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expire?.[1]) {
      const session = this.sessions.get(expire[1]);
      if (!session) return error(404, 'No such checkout.session');
      if (session.status !== 'open') return error(400, 'Only open sessions can be expired.');
      session.status = 'expired';
      return json(200, session);
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = form.payment_intent ?? '';
      const paid = [...this.sessions.values()].find((s) => s.payment_intent === paymentIntent);
      if (!paid) return error(400, 'No such payment_intent');
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: paymentIntent,
        amount: paid.amount_total,
        status: 'succeeded',
        metadata: bracketed(form, 'metadata'),
      };
      this.refunds.push(refund);
      return json(200, refund);
    }

    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }
}

/** A signed webhook delivery as Stripe would send it. */
export function signedWebhook(
  secret: string,
  event: { id?: string; type: string; object: unknown },
  timestampS = Math.floor(Date.now() / 1000),
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({
    id: event.id ?? id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: timestampS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: timestampS,
  });
  return {
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  };
}
