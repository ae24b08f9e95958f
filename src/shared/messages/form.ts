export const formMessages = {
  nameRequired: 'Full Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  currentPasswordRequired: 'Current password is required',
  newPasswordMin: 'New password must be at least 6 characters long',
  confirmPasswordRequired: 'Confirmation password is required',
  passwordsMustMatch: 'Passwords must match',
} as const;
