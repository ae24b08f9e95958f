import { checkoutMessages } from '../messages/checkout.ts';
import type { Role } from '../contract/user.ts';

/** The spec's checkout checks, in the spec's order; null when the order may be placed. */
export function checkoutRefusal(input: { role: Role | null; lineCount: number }): string | null {
  if (input.role === null) return checkoutMessages.signIn;
  if (input.role === 'admin') return checkoutMessages.adminNotAllowed;
  if (input.lineCount > 1) return checkoutMessages.oneAtATime;
  return null;
}
