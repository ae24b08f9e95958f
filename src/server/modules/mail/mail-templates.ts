import { LOW_STOCK_THRESHOLD } from '#shared/rules/filters.ts';
import { formatPrice, toDollars } from '#shared/rules/money.ts';
import { escapeHtml } from '#server/lib/html.ts';
import type { LowStockLine } from './low-stock-digest.repository.ts';
import type { MailContent, OrderMailEvent, OrderMailFacts, StockAlertMailFacts } from './outbox.ts';

export const STORE_NAME = 'Bi-Cycle Store';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (List-Unsubscribe); values are plain ASCII built here, never user text. */
  headers?: Record<string, string>;
}

/** A paragraph of text, or a link shown as a button in HTML and as its address in text. */
type Block = string | { href: string; label: string };

function compose(subject: string, greeting: string, blocks: Block[]): RenderedMail {
  const text = [
    greeting,
    ...blocks.map((b) => (typeof b === 'string' ? b : `${b.label}: ${b.href}`)),
    `-- ${STORE_NAME}`,
  ].join('\n\n');
  const htmlBlocks = blocks
    .map((b) =>
      typeof b === 'string'
        ? `<p>${escapeHtml(b)}</p>`
        : `<p><a href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 16px;background:#0f172a;color:#ffffff;border-radius:8px;text-decoration:none">${escapeHtml(b.label)}</a></p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="font-size:20px;font-weight:700;margin:0 0 16px">${STORE_NAME}</p>
<p>${escapeHtml(greeting)}</p>
${htmlBlocks}
</div>
</body></html>`;
  return { subject: `${subject} · ${STORE_NAME}`, text, html };
}

function orderLine(f: OrderMailFacts): string {
  const size = f.size ? `, size ${f.size}` : '';
  return `${f.brand} ${f.productName}${size} × ${String(f.quantity)}, total ${formatPrice(toDollars(f.totalCents))}.`;
}

const orderSubjects: Record<OrderMailEvent, string> = {
  paid: 'Payment received',
  ongoing: 'Your order is being prepared',
  completed: 'Your order is complete',
  cancelled: 'Your order was cancelled',
  refunded: 'Your payment was refunded',
  ready: 'Your bicycle is ready for collection',
  shipped: 'Your bicycle is on its way',
  delivered: 'Your bicycle was delivered',
  collected: 'Your bicycle was collected',
};

/** The lines a fulfilment mail adds: the parcel's tracking, or the shop and its hours. */
function fulfilmentBlocks(event: OrderMailEvent, f: OrderMailFacts): Block[] {
  if (event === 'shipped' && f.carrier && f.trackingNumber) {
    const tracking: Block[] = [`Carrier: ${f.carrier}. Tracking number: ${f.trackingNumber}.`];
    if (f.trackingUrl) tracking.push({ href: f.trackingUrl, label: 'Track your parcel' });
    return tracking;
  }
  if (event === 'ready' && f.shop) {
    return [`Collect it at ${f.shop.name}, ${f.shop.address}. Opening hours: ${f.shop.hours}.`];
  }
  return [];
}

const FINISHING_EVENTS: ReadonlySet<OrderMailEvent> = new Set([
  'completed',
  'delivered',
  'collected',
]);

/** A finished order invites its rider to say how the bicycle rides and fits. */
function reviewInvitation(event: OrderMailEvent, f: OrderMailFacts, appUrl: string): Block[] {
  if (!f.number || !FINISHING_EVENTS.has(event)) return [];
  return [
    `How does your ${f.brand} ${f.productName} ride, and how did the size fit? Your review helps the next rider choose.`,
    { href: `${appUrl}/orders/${encodeURIComponent(f.number)}/review`, label: 'Write a review' },
  ];
}

function orderMail(event: OrderMailEvent, f: OrderMailFacts, appUrl: string): RenderedMail {
  const total = formatPrice(toDollars(f.totalCents));
  const lead: Record<OrderMailEvent, string> = {
    paid: `We received your payment of ${total}. Thank you for your order!`,
    ongoing: 'Your order is being prepared.',
    completed: 'Your order is complete. Enjoy the ride!',
    cancelled: f.paid
      ? `Your order was cancelled. Your payment of ${total} will be refunded: the refund is on its way.`
      : 'Your order was cancelled.',
    refunded: `Your payment of ${total} has been refunded.`,
    ready: 'Your bicycle is ready: bring this mail or your order number to the shop.',
    shipped: 'Your bicycle has left our workshop.',
    delivered: 'Your bicycle was delivered. Enjoy the ride!',
    collected: 'You collected your bicycle. Enjoy the ride!',
  };
  // Older queued mails have no number: they keep the subject and link they were written with.
  const subject = f.number ? `${orderSubjects[event]} (${f.number})` : orderSubjects[event];
  const link = f.number
    ? { href: `${appUrl}/orders/${encodeURIComponent(f.number)}`, label: `See order ${f.number}` }
    : { href: `${appUrl}/orders`, label: 'See your orders' };
  return compose(subject, `Hello ${f.customerName},`, [
    lead[event],
    ...(f.number ? [`Order ${f.number}`] : []),
    orderLine(f),
    ...fulfilmentBlocks(event, f),
    link,
    ...reviewInvitation(event, f, appUrl),
  ]);
}

function alertSubject(facts: StockAlertMailFacts): string {
  const { brand, productName, size } = facts;
  return size ? `${brand} ${productName} in size ${size}` : `${brand} ${productName}`;
}

function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/v1/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** One-click unsubscribe (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the URL. */
function withUnsubscribe(mail: RenderedMail, appUrl: string, token: string): RenderedMail {
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(appUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The inventory table, lowest stock first: where the digest's sizes are restocked. */
const INVENTORY_BY_STOCK = '/dashboard/bicycle-management?sort=quantity';

function lowStockLine(line: LowStockLine): string {
  const what = line.size
    ? `${line.brand} ${line.productName}, size ${line.size}`
    : `${line.brand} ${line.productName}`;
  return `${what}: ${String(line.quantity)} in stock`;
}

function lowStockDigest(
  payload: Extract<MailContent, { kind: 'low-stock-digest' }>['payload'],
  appUrl: string,
): RenderedMail {
  const { name, day, lines, total } = payload;
  const sizes = total === 1 ? '1 size' : `${String(total)} sizes`;
  const more = total - lines.length;
  return compose(`Low stock: ${sizes} under ${String(LOW_STOCK_THRESHOLD)}`, `Hello ${name},`, [
    `On ${day}, ${sizes} of the catalog ${total === 1 ? 'has' : 'have'} fewer than ${String(LOW_STOCK_THRESHOLD)} in stock:`,
    ...lines.map(lowStockLine),
    ...(more > 0 ? [`And ${String(more)} more.`] : []),
    { href: `${appUrl}${INVENTORY_BY_STOCK}`, label: 'Open the inventory' },
  ]);
}

/** The subject and both bodies of a mail, with absolute links under APP_URL. */
export function renderMail(mail: MailContent, appUrl: string): RenderedMail {
  switch (mail.kind) {
    case 'password-reset': {
      const link = `${appUrl}/reset-password?token=${encodeURIComponent(mail.payload.token)}`;
      return compose('Reset your password', `Hello ${mail.payload.name},`, [
        'Someone asked to reset the password of your account. If it was you, choose a new password here:',
        { href: link, label: 'Choose a new password' },
        `The link works once and for ${String(mail.payload.validMinutes)} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
      ]);
    }
    case 'stock-alert': {
      const { slug, unsubscribeToken } = mail.payload;
      const what = alertSubject(mail.payload);
      return withUnsubscribe(
        compose(`Back in stock: ${what}`, 'Hello,', [
          `Good news: the ${what} you asked about is back in stock. Stock is limited, so do not wait too long.`,
          { href: `${appUrl}/bikes/${encodeURIComponent(slug)}`, label: 'See the bicycle' },
          `This was a one-time alert. Did not ask for it? Unsubscribe: ${unsubscribeUrl(appUrl, unsubscribeToken)}`,
        ]),
        appUrl,
        unsubscribeToken,
      );
    }
    case 'stock-alert-confirm': {
      const { token, validDays, unsubscribeToken } = mail.payload;
      const what = alertSubject(mail.payload);
      const link = `${appUrl}/stock-alerts/confirm?token=${encodeURIComponent(token)}`;
      return withUnsubscribe(
        compose(`Confirm your alert: ${what}`, 'Hello,', [
          `Someone asked us to email this address once when the ${what} is back in stock. If it was you, confirm the alert:`,
          { href: link, label: 'Confirm the alert' },
          `The link works for ${String(validDays)} days. If you did not ask for it, ignore this mail: without your confirmation we send nothing more about it.`,
        ]),
        appUrl,
        unsubscribeToken,
      );
    }
    case 'low-stock-digest':
      return lowStockDigest(mail.payload, appUrl);
    default:
      // Every other kind is `order-<event>`: the switch has narrowed it to those.
      return orderMail(mail.kind.slice('order-'.length) as OrderMailEvent, mail.payload, appUrl);
  }
}
