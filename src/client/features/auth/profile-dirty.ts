/** What the profile form edits; `avatar` is an image address, or "" when there is none. */
export interface ProfileValues {
  name: string;
  email: string;
  avatar: string;
}

export function savedProfileValues(user: {
  name: string;
  email: string;
  avatar: string | null;
}): ProfileValues {
  return { name: user.name, email: user.email, avatar: user.avatar ?? '' };
}

/**
 * The spec's rule: the form is dirty when name, email or avatar differ from the saved values.
 * The server trims the name, so spaces around it change nothing.
 */
export function isProfileDirty(saved: ProfileValues, draft: ProfileValues): boolean {
  return (
    draft.name.trim() !== saved.name.trim() ||
    draft.email !== saved.email ||
    draft.avatar !== saved.avatar
  );
}
