import { z } from 'zod';
import { formMessages } from '../messages/form.ts';

/**
 * A typed-in text: surrounding spaces dropped, then required and bounded, each with the form's own
 * message (a missing field and a blank one read the same to the person filling the form).
 */
export function textField(max: number, missing: string, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}

/** A text field whose messages name it: "Name is required", "Name must be at most 200 characters". */
export function namedTextField(label: string, max: number) {
  return textField(
    max,
    `${label} is required`,
    `${label} must be at most ${String(max)} characters`,
  );
}

/** The account holder's name, as sign-up and the profile take it. */
export const fullNameField = textField(
  100,
  formMessages.nameRequired,
  'Full Name must be at most 100 characters',
);

export const emailField = textField(
  254,
  formMessages.emailRequired,
  formMessages.emailInvalid,
).regex(z.regexes.email, formMessages.emailInvalid);
