import { z } from 'zod';
import { pageQuerySchema } from './envelope.ts';

export const ROLES = ['admin', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const userSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatar: z.string().nullable(),
  isBlocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = pageQuerySchema(20);
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userIdParamSchema = z.object({ userId: z.uuid('Invalid user id') });

export const userStatusBodySchema = z.object({
  isBlocked: z.boolean({ error: 'isBlocked must be true or false' }),
});
export type UserStatusBody = z.infer<typeof userStatusBodySchema>;

/** Text fields of the multipart profile update; the avatar part is a file, a kept URL or "". */
export const profileFieldsSchema = z.object({
  name: z
    .string({ error: 'Full Name is required' })
    .trim()
    .min(1, 'Full Name is required')
    .max(100, 'Full Name must be at most 100 characters'),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;
