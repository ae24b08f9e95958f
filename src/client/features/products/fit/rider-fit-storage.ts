import type { FitFilter } from '#shared/rules/filters.ts';
import { storedValueListeners } from '#client/lib/stored-value-listeners.ts';

/*
 * A visitor's measurements, kept in this browser (localStorage) so the shop remembers them
 * between visits without an account. Signed-in riders keep them on the account as well
 * (use-rider-fit.ts). Not a Redux slice: the spec names exactly three persisted slices.
 */

export const RIDER_FIT_KEY = 'rider-fit';

const stored = storedValueListeners(RIDER_FIT_KEY);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the finder then lasts a page view.
    return null;
  }
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** Reads the saved measurements; anything malformed counts as none. */
export function parseRiderFit(text: string | null): FitFilter | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { riderHeightCm?: unknown; inseamCm?: unknown };
    if (!isWhole(value.riderHeightCm)) return null;
    return {
      riderHeightCm: value.riderHeightCm,
      inseamCm: isWhole(value.inseamCm) ? value.inseamCm : null,
    };
  } catch {
    return null;
  }
}

// useSyncExternalStore compares snapshots by identity: the parsed value is cached per text.
let cached: { text: string | null; fit: FitFilter | null } = { text: null, fit: null };

export function readRiderFit(): FitFilter | null {
  const text = storage()?.getItem(RIDER_FIT_KEY) ?? null;
  if (text !== cached.text) cached = { text, fit: parseRiderFit(text) };
  return cached.fit;
}

export function writeRiderFit(fit: FitFilter | null): void {
  const store = storage();
  if (fit) store?.setItem(RIDER_FIT_KEY, JSON.stringify(fit));
  else store?.removeItem(RIDER_FIT_KEY);
  stored.notify();
}

/** Calls `listener` when the measurements change, in this tab or another. */
export const subscribeRiderFit = stored.subscribe;
