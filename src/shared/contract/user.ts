import { z } from 'zod';
import { pageQuerySchema } from './envelope.ts';
import { fullNameField } from './fields.ts';
import {
  INSEAM_MAX_CM,
  INSEAM_MIN_CM,
  RIDER_HEIGHT_MAX_CM,
  RIDER_HEIGHT_MIN_CM,
} from './product.ts';

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatar: z.string().nullable(),
  isBlocked: z.boolean(),
  /** The rider's measurements for the fit finder, remembered on the account; null until given. */
  riderHeightCm: z.number().int().nullable().optional(),
  inseamCm: z.number().int().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A user in the admin's list, with what they bought: orders placed, and paid money kept. */
export const adminUserSchema = userSchema.extend({
  orderCount: z.number().int(),
  /** Orders paid and not refunded, in dollars. */
  totalPaid: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListQuerySchema = pageQuerySchema(20);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userIdParamSchema = z.object({ userId: z.uuid('Invalid user id') });

export const userStatusBodySchema = z.object({
  isBlocked: z.boolean({ error: 'isBlocked must be true or false' }),
});
export type UserStatusBody = z.infer<typeof userStatusBodySchema>;

/** Text fields of the multipart profile update; the avatar part is a file, a kept URL or "". */
export const profileFieldsSchema = z.object({
  name: fullNameField,
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/**
 * PUT /users/me/fit: the rider's measurements in whole centimetres; null forgets one. An inseam
 * alone means nothing to the fit rule, so it needs a height.
 */
export const riderFitBodySchema = z
  .object({
    riderHeightCm: z
      .number({ error: 'Height must be a number' })
      .int('Height must be a whole number of centimetres')
      .min(RIDER_HEIGHT_MIN_CM, `Height must be at least ${String(RIDER_HEIGHT_MIN_CM)} cm`)
      .max(RIDER_HEIGHT_MAX_CM, `Height must be at most ${String(RIDER_HEIGHT_MAX_CM)} cm`)
      .nullable(),
    inseamCm: z
      .number({ error: 'Inseam must be a number' })
      .int('Inseam must be a whole number of centimetres')
      .min(INSEAM_MIN_CM, `Inseam must be at least ${String(INSEAM_MIN_CM)} cm`)
      .max(INSEAM_MAX_CM, `Inseam must be at most ${String(INSEAM_MAX_CM)} cm`)
      .nullable()
      .default(null),
  })
  .refine((b) => b.inseamCm === null || b.riderHeightCm !== null, {
    message: 'Enter your height as well',
    path: ['riderHeightCm'],
  });
export type RiderFitBody = z.infer<typeof riderFitBodySchema>;
