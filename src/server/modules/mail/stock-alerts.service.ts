import { randomBytes } from 'node:crypto';
import {
  STOCK_ALERT_MESSAGES,
  type StockAlertBody,
  type WaitingRiders,
} from '#shared/contract/mail.ts';
import type { Deps } from '#server/deps.ts';
import { messages } from '#shared/messages.ts';
import { badRequest } from '#server/lib/app-error.ts';
import { fieldError } from '#server/lib/validation.ts';
import { getProduct } from '../products/products.service.ts';
import { armStockAlert, countWaitingRiders, deleteStockAlert } from './stock-alerts.repository.ts';

/**
 * Registers an address for a sold-out bicycle. The answer is the same whether the address was
 * already waiting or not, so it tells nobody who else asked.
 */
export async function requestStockAlert(
  deps: Deps,
  productId: string,
  body: StockAlertBody,
): Promise<void> {
  // 404 for an unknown or deleted product, as the product page would answer.
  const product = await getProduct(deps, productId);
  const sizes = product.sizes ?? [];
  const size = body.size ?? null;
  if (size !== null) {
    if (sizes.length === 0) throw badRequest(STOCK_ALERT_MESSAGES.oneSize);
    const chosen = sizes.find((s) => s.label === size);
    if (!chosen) throw fieldError('body', 'size', messages.sizes.unknownSize);
    if (chosen.quantity > 0) throw badRequest(STOCK_ALERT_MESSAGES.sizeInStock);
  } else if (product.inStock) throw badRequest(STOCK_ALERT_MESSAGES.inStock);
  const armed = await armStockAlert(deps.db, {
    productId,
    size,
    email: body.email.toLowerCase(),
    unsubscribeToken: randomBytes(24).toString('base64url'),
    now: deps.clock.now(),
  });
  // Restocked between the read and the insert.
  if (!armed)
    throw badRequest(
      size === null ? STOCK_ALERT_MESSAGES.inStock : STOCK_ALERT_MESSAGES.sizeInStock,
    );
}

export function unsubscribeStockAlert(deps: Deps, token: string): Promise<boolean> {
  return token ? deleteStockAlert(deps.db, token) : Promise.resolve(false);
}

export function waitingRiders(deps: Deps): Promise<WaitingRiders[]> {
  return countWaitingRiders(deps.db);
}
