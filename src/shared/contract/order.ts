import { z } from 'zod';
import { fulfilmentMessages } from '../messages/fulfilment.ts';
import { sizesMessages } from '../messages/sizes.ts';
import { addressInputSchema, postalAddressSchema } from './address.ts';
import { pageQuerySchema } from './envelope.ts';
import { locationSchema } from './location.ts';
import { sizeLabelField } from './product-sizing.ts';

export const ORDER_STATUSES = ['Pending', 'Ongoing', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BANK_STATUSES = ['Success', 'Failed', 'Cancel', 'Pending'] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];

export const MAX_ORDER_QUANTITY = 100;

export const FULFILMENT_METHODS = ['delivery', 'collect'] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

export const FULFILMENT_STATES = [
  'Unfulfilled',
  'ReadyForCollection',
  'Shipped',
  'Delivered',
  'Collected',
] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

export const ORDER_EVENT_TYPES = [
  'placed',
  'paid',
  'payment_failed',
  'cancelled',
  'refunded',
  'ready',
  'shipped',
  'delivered',
  'collected',
  'address_added',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** "BC-" and the order's number from the database sequence (at least 6 digits). */
export const ORDER_NUMBER_PATTERN = /^BC-(\d{6,15})$/i;
export const formatOrderNumber = (n: number): string => `BC-${String(n)}`;

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
  /** "BC-100001": what people quote; increasing with each order. */
  number: z.string(),
  fulfilment: z.object({
    /** null: the order was placed without saying (another client); its page asks for it. */
    method: z.enum(FULFILMENT_METHODS).nullable(),
    address: postalAddressSchema.nullable(),
    location: locationSchema.nullable(),
    state: z.enum(FULFILMENT_STATES),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    /** A collect order: the day the shop has it ready from. */
    readyBy: z.string().nullable(),
  }),
  /** While the order is unpaid and can still be paid (POST /orders/:orderId/pay): until when. */
  payableUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export type OrderFulfilment = Order['fulfilment'];

export const orderEventSchema = z.object({
  at: z.string(),
  type: z.enum(ORDER_EVENT_TYPES),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** GET /orders/:orderId: the order and its timeline, oldest first. */
export const orderDetailSchema = orderSchema.extend({ events: z.array(orderEventSchema) });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `method=none`: orders placed without a delivery or collection choice. */
export const ORDER_METHOD_FILTERS = [...FULFILMENT_METHODS, 'none'] as const;

export const orderListQuerySchema = pageQuerySchema(20).extend({
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  method: z.enum(ORDER_METHOD_FILTERS).optional(),
  state: z.enum(FULFILMENT_STATES).optional(),
  locationId: z.uuid('Invalid shop id').optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Where an order goes: exactly one of a new address, a saved one, or a shop. */
const destinationFields = {
  address: addressInputSchema.optional(),
  addressId: z.uuid('Invalid address id').optional(),
  locationId: z.uuid('Invalid shop id').optional(),
};

/**
 * `{ method: "delivery", address }` (saved to the address book too), `{ method: "delivery",
 * addressId }` or `{ method: "collect", locationId }`. One object rather than a union, so an
 * invalid address field is reported at its own path (`fulfilment.address.postalCode`).
 */
export const fulfilmentInputSchema = z
  .object({
    method: z.enum(FULFILMENT_METHODS, { error: 'Choose delivery or collection' }),
    ...destinationFields,
  })
  .superRefine((value, ctx) => {
    if (value.method === 'delivery') {
      if (value.address === undefined && value.addressId === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['address'],
          message: fulfilmentMessages.deliveryNeedsAddress,
        });
      } else if (value.address !== undefined && value.addressId !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['addressId'],
          message: fulfilmentMessages.oneDestination,
        });
      }
      if (value.locationId !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['locationId'],
          message: fulfilmentMessages.oneDestination,
        });
      }
    } else {
      if (value.locationId === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['locationId'],
          message: fulfilmentMessages.collectNeedsLocation,
        });
      }
      if (value.address !== undefined || value.addressId !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['locationId'],
          message: fulfilmentMessages.oneDestination,
        });
      }
    }
  });
export type FulfilmentInput = z.output<typeof fulfilmentInputSchema>;

export const RETURN_URL_MESSAGE =
  'The return page must be an http(s) page of this store or of an allowed origin';

const returnUrlField = z
  .url({ protocol: /^https?$/, error: RETURN_URL_MESSAGE })
  .max(2048, 'The return page address is too long');

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
  returnUrl: returnUrlField.optional(),
  /**
   * The size's label: required for a product with two or more sizes, optional for one with a
   * single size (that size is used), refused for a one-size product.
   */
  size: sizeLabelField(sizesMessages.chooseSize).optional(),
  /** Delivery or collection; without it the order is placed with `method: null`. */
  fulfilment: fulfilmentInputSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

export const orderIdParamSchema = z.object({ orderId: z.uuid('Invalid order id') });

/** An order named by its `_id` or its number ("BC-100001"). */
export const orderRefParamSchema = z.object({
  orderId: z
    .string()
    .max(64, 'Invalid order id or number')
    .refine(
      (v) => z.uuid().safeParse(v).success || ORDER_NUMBER_PATTERN.test(v),
      'Invalid order id or number',
    ),
});

/**
 * POST /orders/:orderId/pay: where the provider sends the shopper back (as on create). A client
 * may send nothing at all; an empty JSON POST reaches the route as `null`.
 */
export const payOrderBodySchema = z
  .object({
    returnUrl: returnUrlField.optional(),
  })
  .nullish();
export type PayOrderBody = z.infer<typeof payOrderBodySchema>;

/**
 * PATCH /orders/:orderId/fulfilment. The customer names where the order goes (`address`,
 * `addressId` or `locationId`) until it is shipped or ready; the store moves it on (`state`, with
 * carrier and tracking number for Shipped).
 */
export const fulfilmentPatchBodySchema = z.object({
  ...destinationFields,
  state: z
    .enum(FULFILMENT_STATES, {
      error: 'State must be Unfulfilled, ReadyForCollection, Shipped, Delivered or Collected',
    })
    .optional(),
  carrier: z.string().trim().min(1, 'Carrier is required').max(100).optional(),
  trackingNumber: z
    .string()
    .trim()
    .min(1, 'Tracking number is required')
    .max(100, 'Tracking number must be at most 100 characters')
    .optional(),
  trackingUrl: z
    .url({ protocol: /^https?$/, error: 'The tracking link must be an http(s) address' })
    .max(2048, 'The tracking link is too long')
    .optional(),
});
export type FulfilmentPatchBody = z.infer<typeof fulfilmentPatchBodySchema>;

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
