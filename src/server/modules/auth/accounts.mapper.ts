import type { User } from '#shared/contract/user.ts';
import type { ImageUrls } from '../uploads/images.ts';
import type { AccountRow } from './accounts.repository.ts';

/** The API's user: the avatar is the thumbnail URL, and the password hash never leaves the server. */
export function toUser(row: AccountRow, urls: ImageUrls): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar: urls.of(row.avatarKey).thumbnailUrl,
    isBlocked: row.isBlocked,
    riderHeightCm: row.riderHeightCm,
    inseamCm: row.inseamCm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
