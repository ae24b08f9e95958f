import { createHash, randomBytes } from 'node:crypto';
import {
  STOCK_ALERT_MESSAGES,
  type StockAlertBody,
  type WaitingRiders,
} from '#shared/contract/mail.ts';
import type { Deps } from '#server/deps.ts';
import { sizesMessages } from '#shared/messages/sizes.ts';
import { stockAlertsMessages } from '#shared/messages/stock-alerts.ts';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import { fieldError } from '#server/lib/validation.ts';
import { getProduct } from '../products/products.service.ts';
import {
  armStockAlert,
  confirmStockAlert,
  countWaitingRiders,
  deleteStockAlert,
  issueAlertConfirmation,
} from './stock-alerts.repository.ts';

/** How long a confirmation link works. */
export const ALERT_CONFIRM_TTL_DAYS = 7;
/** Confirmation mails one address may receive a day; more requests get the same answer, no mail. */
export const ALERT_CONFIRM_MAILS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60_000;

/** `active`: mailed on the next restock; `pending`: waits for its owner's confirmation. */
export type StockAlertOutcome = 'active' | 'pending';

function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

function hashConfirmToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Registers an address for a sold-out bicycle. The signed-in rider's own address is active at
 * once; any other address gets a confirmation mail (at most ALERT_CONFIRM_MAILS_PER_DAY a day) and
 * is mailed on restock only once confirmed. The answer for another address is the same whether it
 * was new, waiting, confirmed or over its daily mails, so it tells nobody who else asked.
 */
export async function requestStockAlert(
  deps: Deps,
  productId: string,
  body: StockAlertBody,
  callerEmail: string | null,
): Promise<StockAlertOutcome> {
  // 404 for an unknown or deleted product, as the product page would answer.
  const product = await getProduct(deps, productId);
  const sizes = product.sizes ?? [];
  const size = body.size ?? null;
  if (size !== null) {
    if (sizes.length === 0) throw badRequest(STOCK_ALERT_MESSAGES.oneSize);
    const chosen = sizes.find((s) => s.label === size);
    if (!chosen) throw fieldError('body', 'size', sizesMessages.unknownSize);
    if (chosen.quantity > 0) throw badRequest(STOCK_ALERT_MESSAGES.sizeInStock);
  } else if (product.inStock) throw badRequest(STOCK_ALERT_MESSAGES.inStock);
  const email = body.email.toLowerCase();
  const own = callerEmail !== null && callerEmail.toLowerCase() === email;
  const now = deps.clock.now();
  const token = randomToken(32);
  const outcome = await deps.db.transaction(async (tx) => {
    const alert = await armStockAlert(tx, {
      productId,
      size,
      email,
      unsubscribeToken: randomToken(24),
      confirmed: own,
      now,
    });
    if (!alert) return undefined;
    if (alert.confirmed) return own ? 'active' : 'pending';
    const { unsubscribeToken } = alert;
    const mailed = await issueAlertConfirmation(tx, {
      alertId: alert.id,
      email,
      tokenHash: hashConfirmToken(token),
      now,
      expiresAt: new Date(now.getTime() + ALERT_CONFIRM_TTL_DAYS * DAY_MS),
      windowStart: new Date(now.getTime() - DAY_MS),
      maxPerWindow: ALERT_CONFIRM_MAILS_PER_DAY,
      mail: {
        productName: product.name,
        brand: product.brand,
        slug: product.slug,
        ...(size === null ? {} : { size }),
        token,
        validDays: ALERT_CONFIRM_TTL_DAYS,
        unsubscribeToken,
      },
    });
    if (!mailed) deps.log.warn({ productId }, 'stock alert confirmations over the daily limit');
    return 'pending';
  });
  // Restocked between the read and the insert.
  if (!outcome)
    throw badRequest(
      size === null ? STOCK_ALERT_MESSAGES.inStock : STOCK_ALERT_MESSAGES.sizeInStock,
    );
  return outcome;
}

/** Confirms the alert of a confirmation link; a wrong, expired or outdated link is 400. */
export async function confirmStockAlertLink(deps: Deps, token: string): Promise<void> {
  const confirmed = await confirmStockAlert(deps.db, hashConfirmToken(token), deps.clock.now());
  if (!confirmed)
    throw new AppError(400, 'INVALID_CONFIRMATION_TOKEN', stockAlertsMessages.linkInvalid);
}

/** Removes the alert of an unsubscribe link; an unknown (or already used) token is 404. */
export async function unsubscribeStockAlert(deps: Deps, token: string): Promise<void> {
  const removed = token ? await deleteStockAlert(deps.db, token) : false;
  if (!removed) throw new AppError(404, 'NOT_FOUND', stockAlertsMessages.alreadyRemoved);
}

export function waitingRiders(deps: Deps): Promise<WaitingRiders[]> {
  return countWaitingRiders(deps.db);
}
