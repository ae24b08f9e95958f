import { z } from 'zod';
import { addressInputSchema, postalAddressSchema } from './address.ts';

/** The most days a shop may take to have a bicycle ready. */
export const MAX_LEAD_DAYS = 60;

/** A shop that hands out bicycles ordered for collection. */
export const locationSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  address: postalAddressSchema,
  /** Opening hours as the shop writes them ("Mon-Fri 9:00-18:00, Sat 10:00-16:00"). */
  hours: z.string(),
  /** Whole days from the order until the bicycle is ready there. */
  leadDays: z.number().int(),
});
export type Location = z.infer<typeof locationSchema>;

/** POST /locations and PUT /locations/:id. */
export const locationBodySchema = z.object({
  name: z
    .string({ error: 'Shop name is required' })
    .trim()
    .min(1, 'Shop name is required')
    .max(100, 'Shop name must be at most 100 characters'),
  address: addressInputSchema,
  hours: z
    .string({ error: 'Opening hours are required' })
    .trim()
    .min(1, 'Opening hours are required')
    .max(500, 'Opening hours must be at most 500 characters'),
  leadDays: z
    .number({ error: 'Lead days must be a number' })
    .int('Lead days must be a whole number')
    .min(0, 'Lead days must be at least 0')
    .max(MAX_LEAD_DAYS, `Lead days must be at most ${String(MAX_LEAD_DAYS)}`),
});
export type LocationBody = z.input<typeof locationBodySchema>;

export const locationIdParamSchema = z.object({ id: z.uuid('Invalid shop id') });
