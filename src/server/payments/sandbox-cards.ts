/** The sandbox's test card rules (DESIGN.md section 4, "Sandbox provider"). */

export const SANDBOX_SUCCESS_CARD = '4242 4242 4242 4242';
export const SANDBOX_DECLINED_CARD = '4000 0000 0000 0002';

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

type CardCheck =
  { ok: true; outcome: 'Success' | 'Failed'; last4: string } | { ok: false; error: string };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** True when an MM/YY expiry is this month or later (a card is valid to the end of its month, UTC). */
function expiryStatus(expiry: string, now: Date): 'valid' | 'invalid' | 'past' {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return 'invalid';
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return 'invalid';
  const endOfMonth = Date.UTC(year, month, 1);
  return now.getTime() < endOfMonth ? 'valid' : 'past';
}

/** Checks the form and decides the test outcome; an invalid form records nothing. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const digits = input.cardNumber.replace(/ /g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, error: 'Enter a valid card number.' };
  }
  const expiry = expiryStatus(input.expiry, now);
  if (expiry === 'invalid') return { ok: false, error: 'Enter the expiry date as MM/YY.' };
  if (expiry === 'past') return { ok: false, error: 'This card has expired.' };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, error: 'Enter the 3 or 4 digit security code (CVC).' };
  }
  const declined = digits === SANDBOX_DECLINED_CARD.replace(/ /g, '');
  return { ok: true, outcome: declined ? 'Failed' : 'Success', last4: digits.slice(-4) };
}
