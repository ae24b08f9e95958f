import { redirect, type ActionFunction } from 'react-router';

/**
 * Add to Cart, Buy Now or Add to Wishlist, pressed on a product page or a card before the scripts
 * ran (decision 035). The browser posts the form itself; the server cannot fill a cart or a
 * wishlist kept in the browser, so it answers with the page again and the shopper's choice in the
 * address's fragment, which the app carries out once it runs, once.
 */
export interface PurchaseIntent {
  kind: 'add' | 'buy' | 'wish';
  /** The chosen size's label; null when none was chosen (the cart's rule then asks for one). */
  size: string | null;
  /** Made by the server for each post: a reload or a way back to the same address acts no more. */
  id: string;
}

/** The purchase form's field names, read by the action and by the panel in the browser. */
export const purchaseFields = { intent: 'intent', size: 'size' } as const;

const ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
/** A size label is short ("XS", "56 cm", "27.5 in"); anything longer is not one of ours. */
const MAX_SIZE_LENGTH = 40;
const DONE_KEY = 'bicycle-store:purchase-intents';
/** Enough to cover the posts of one visit; older ones cannot come back through a reload. */
const DONE_KEPT = 20;

function purchaseKind(value: unknown): PurchaseIntent['kind'] | null {
  return value === 'add' || value === 'buy' || value === 'wish' ? value : null;
}

function sizeLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const label = value.trim();
  return label && label.length <= MAX_SIZE_LENGTH ? label : null;
}

/** The fragment that carries an intent, `#purchase=add&size=M&id=…`. */
export function intentFragment(intent: PurchaseIntent): string {
  const params = new URLSearchParams({ purchase: intent.kind });
  if (intent.size !== null) params.set('size', intent.size);
  params.set('id', intent.id);
  return `#${params.toString()}`;
}

/** The intent a fragment carries, or null for any other fragment (an anchor, a forged one). */
export function readIntentFragment(hash: string): PurchaseIntent | null {
  if (!hash.startsWith('#purchase=')) return null;
  const params = new URLSearchParams(hash.slice(1));
  const kind = purchaseKind(params.get('purchase'));
  const id = params.get('id') ?? '';
  if (!kind || !ID_PATTERN.test(id)) return null;
  const size = params.get('size');
  return { kind, size: size === null ? null : sizeLabel(size), id };
}

/**
 * The product page's action: a purchase form the browser posted before the scripts ran (the app
 * handles the form itself once it runs). Answers 303 to the page with the intent in its fragment,
 * so the page is a plain GET again (kept in the page cache; a reload posts nothing).
 */
export async function purchaseAnswer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const form = await request.formData();
  const kind = purchaseKind(form.get(purchaseFields.intent));
  if (!kind) return redirect(url.pathname, 303);
  const intent: PurchaseIntent = {
    kind,
    size: sizeLabel(form.get(purchaseFields.size)),
    id: crypto.randomUUID(),
  };
  return redirect(`${url.pathname}${intentFragment(intent)}`, 303);
}

export const purchaseAction: ActionFunction = ({ request }) => purchaseAnswer(request);

/** Where the ids of intents already carried out are kept; a seam for tests. */
export interface IntentLog {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function doneIds(log: IntentLog): string[] {
  try {
    const kept: unknown = JSON.parse(log.getItem(DONE_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Claims an intent: true the first time its id is seen, false after (a reload of the address
 * before the app cleared it, the same address from history, another tab).
 */
export function claimIntent(id: string, log: IntentLog): boolean {
  const done = doneIds(log);
  if (done.includes(id)) return false;
  try {
    log.setItem(DONE_KEY, JSON.stringify([...done, id].slice(-DONE_KEPT)));
  } catch {
    // Storage full or refused: the app clears the fragment, which still keeps a reload from acting.
  }
  return true;
}

/**
 * Whether the page was reached from this store: the purchase form's post comes from one of its
 * pages, so a link from another site that carries a made-up fragment fills no cart.
 */
export function cameFromStore(referrer: string, origin: string): boolean {
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}
