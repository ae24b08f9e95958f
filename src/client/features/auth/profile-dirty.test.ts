import { describe, expect, it } from 'vitest';
import { isProfileDirty, savedProfileValues } from './profile-dirty.ts';

const saved = savedProfileValues({
  name: 'Ada Rider',
  email: 'ada@example.com',
  avatar: '/uploads/ada.webp',
});

describe('the profile form is dirty', () => {
  it('not while everything equals the saved values', () => {
    expect(isProfileDirty(saved, { ...saved })).toBe(false);
  });

  it('when the name differs, but not for spaces around it', () => {
    expect(isProfileDirty(saved, { ...saved, name: 'Ada Lovelace' })).toBe(true);
    expect(isProfileDirty(saved, { ...saved, name: '  Ada Rider ' })).toBe(false);
    expect(isProfileDirty(saved, { ...saved, name: '' })).toBe(true);
  });

  it('when the email differs', () => {
    expect(isProfileDirty(saved, { ...saved, email: 'other@example.com' })).toBe(true);
  });

  it('when a new avatar is chosen or the avatar is removed', () => {
    expect(isProfileDirty(saved, { ...saved, avatar: 'blob:http://localhost/1234' })).toBe(true);
    expect(isProfileDirty(saved, { ...saved, avatar: '' })).toBe(true);
  });

  it('treats a missing saved avatar as empty', () => {
    const noAvatar = savedProfileValues({ name: 'Ada', email: 'ada@example.com', avatar: null });
    expect(noAvatar.avatar).toBe('');
    expect(isProfileDirty(noAvatar, { ...noAvatar, avatar: '' })).toBe(false);
  });
});
