import { z } from 'zod';
import { sizesMessages } from '../messages/sizes.ts';
import { emailField } from './fields.ts';
import { sizeLabelField } from './product-sizing.ts';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

export const mailListQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES).default('failed'),
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

/** A mail of the outbox as the admin sees it: who, what, and why it was not sent. */
export const outboxMailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const STOCK_ALERT_MESSAGES = {
  created: 'We will email you when this bicycle is back in stock.',
  inStock: 'This bicycle is in stock: you can order it now.',
  sizeInStock: 'This size is in stock: you can order it now.',
  oneSize: 'This bicycle comes in one size.',
  failed: 'We could not save your alert. Please try again.',
} as const;

/** POST /products/:id/stock-alerts on a sold-out bicycle. */
export const stockAlertBodySchema = z.object({
  email: emailField,
  /** One sold-out size of a sized bicycle; absent for the bicycle as a whole. */
  size: sizeLabelField(sizesMessages.unknownSize).optional(),
});
export type StockAlertBody = z.infer<typeof stockAlertBodySchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().max(200).default('') });

/** POST /stock-alerts/confirm: the token of a confirmation link (JSON, or the page's form). */
export const stockAlertConfirmBodySchema = z.object({
  token: z.string().min(1, 'The link has no token.').max(200),
});
export type StockAlertConfirmBody = z.infer<typeof stockAlertConfirmBodySchema>;

/** GET /dashboard/stock-alerts: how many riders wait for each sold-out bicycle and size, most first. */
export const waitingRidersSchema = z.object({
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  /** The size awaited; null for the bicycle as a whole. */
  size: z.string().nullable(),
  waiting: z.number().int(),
});
export type WaitingRiders = z.infer<typeof waitingRidersSchema>;
