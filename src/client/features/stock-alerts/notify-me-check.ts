import { STOCK_ALERT_MESSAGES, stockAlertBodySchema } from '#shared/contract/mail.ts';

/** The API's own check of the address (zod), loaded when the shopper reaches for the form. */
export function checkAlertEmail(
  value: string,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = stockAlertBodySchema.shape.email.safeParse(value);
  if (parsed.success) return { ok: true, email: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid email address' };
}

export const ALERT_FAILED = STOCK_ALERT_MESSAGES.failed;
