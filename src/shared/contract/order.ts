import { z } from 'zod';
import { messages } from '../messages.ts';
import { pageQuerySchema } from './envelope.ts';
import { sizeLabelField } from './product-sizing.ts';

export const ORDER_STATUSES = ['Pending', 'Ongoing', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BANK_STATUSES = ['Success', 'Failed', 'Cancel', 'Pending'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];

export const MAX_ORDER_QUANTITY = 100;

export const transactionSchema = z.object({
  id: z.string(),
  bank_status: z.enum(BANK_STATUSES),
  method: z.string(),
  date_time: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const orderSchema = z.object({
  _id: z.uuid(),
  product: z.object({
    _id: z.uuid(),
    name: z.string(),
    brand: z.string(),
    price: z.number(),
    imageUrl: z.string().nullable(),
  }),
  /** The size bought; null for a one-size product (and absent from older answers). */
  size: z.string().nullable().optional(),
  user: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }),
  quantity: z.number().int(),
  totalPrice: z.number(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  transaction: transactionSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListQuerySchema = pageQuerySchema(20);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const RETURN_URL_MESSAGE =
  'The return page must be an http(s) page of this store or of an allowed origin';

/**
 * `totalPrice` and `user` may be sent by older clients; they are ignored (stripped). `returnUrl`:
 * the page the payment provider sends the shopper back to (with `order_id` added to its query),
 * for a store front on another allowed origin; the server checks the origin.
 */
export const createOrderBodySchema = z.object({
  product: z.uuid('Invalid product id'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(MAX_ORDER_QUANTITY, `Quantity must be at most ${String(MAX_ORDER_QUANTITY)}`),
  returnUrl: z
    .url({ protocol: /^https?$/, error: RETURN_URL_MESSAGE })
    .max(2048, 'The return page address is too long')
    .optional(),
  /**
   * The size's label: required for a product with two or more sizes, optional for one with a
   * single size (that size is used), refused for a one-size product.
   */
  size: sizeLabelField(messages.sizes.chooseSize).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderIdParamSchema = z.object({ orderId: z.uuid('Invalid order id') });

export const orderStatusBodySchema = z.object({
  status: z.enum(ORDER_STATUSES, {
    error: 'Status must be Pending, Ongoing, Completed or Cancelled',
  }),
});
export type OrderStatusBody = z.infer<typeof orderStatusBodySchema>;

export const verifyQuerySchema = z.object({ order_id: z.uuid('Invalid order id') });

export const verificationSchema = z.object({
  order_id: z.uuid(),
  bank_status: z.enum(BANK_STATUSES),
  amount: z.number(),
  currency: z.literal('USD'),
  method: z.string(),
  date_time: z.string(),
  transaction_id: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;
