import type { Product } from '#shared/contract/product.ts';
import { storedValueListeners } from '#client/lib/stored-value-listeners.ts';

/*
 * The bicycles a shopper picked to compare, kept in this browser (localStorage) so the list
 * follows them from page to page and tab to tab. Not a Redux slice: the spec names exactly three
 * persisted slices, and nothing else in the store needs the list.
 */

export const COMPARE_KEY = 'compare';
/** More columns stop being a comparison a person can read side by side. */
export const MAX_COMPARE = 4;

/** What the tray shows without asking the API. */
export interface CompareItem {
  slug: string;
  name: string;
  brand: string;
  thumbnailUrl: string | null;
}

export function compareItemOf(
  product: Pick<Product, 'slug' | 'name' | 'brand' | 'thumbnailUrl' | 'imageUrl'>,
): CompareItem {
  return {
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    thumbnailUrl: product.thumbnailUrl ?? product.imageUrl ?? null,
  };
}

const stored = storedValueListeners(COMPARE_KEY);
const EMPTY: readonly CompareItem[] = [];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off: the list then lasts a page view.
    return null;
  }
}

function isItem(value: unknown): value is CompareItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.slug === 'string' &&
    item.slug !== '' &&
    typeof item.name === 'string' &&
    typeof item.brand === 'string' &&
    (item.thumbnailUrl === null || typeof item.thumbnailUrl === 'string')
  );
}

/** The saved list; anything malformed is left out, and never more than MAX_COMPARE. */
export function parseCompareList(text: string | null): readonly CompareItem[] {
  if (!text) return EMPTY;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return EMPTY;
    const seen = new Set<string>();
    return value
      .filter(isItem)
      .filter((item) => !seen.has(item.slug) && seen.add(item.slug))
      .slice(0, MAX_COMPARE);
  } catch {
    return EMPTY;
  }
}

// useSyncExternalStore compares snapshots by identity: the parsed list is cached per text.
let cached: { text: string | null; list: readonly CompareItem[] } = { text: null, list: EMPTY };
let memory: string | null = null;

function readText(): string | null {
  const store = storage();
  return store ? store.getItem(COMPARE_KEY) : memory;
}

export function readCompareList(): readonly CompareItem[] {
  const text = readText();
  if (text !== cached.text) cached = { text, list: parseCompareList(text) };
  return cached.list;
}

export function serverCompareList(): readonly CompareItem[] {
  return EMPTY;
}

function write(list: readonly CompareItem[]): void {
  const text = list.length === 0 ? null : JSON.stringify(list);
  const store = storage();
  if (store) {
    if (text === null) store.removeItem(COMPARE_KEY);
    else store.setItem(COMPARE_KEY, text);
  } else memory = text;
  stored.notify();
}

export type AddOutcome = 'added' | 'already' | 'full';

/** Adds a bicycle at the end; a full list refuses it, so the shopper can choose one to replace. */
export function addToCompare(item: CompareItem): AddOutcome {
  const list = readCompareList();
  if (list.some((i) => i.slug === item.slug)) return 'already';
  if (list.length >= MAX_COMPARE) return 'full';
  write([...list, item]);
  return 'added';
}

/** Puts `item` in the place of the bicycle named `slug`. */
export function replaceInCompare(slug: string, item: CompareItem): void {
  const list = readCompareList().filter((i) => i.slug !== item.slug);
  write(list.map((i) => (i.slug === slug ? item : i)));
}

export function removeFromCompare(slug: string): void {
  write(readCompareList().filter((i) => i.slug !== slug));
}

export function clearCompare(): void {
  write([]);
}

/** Calls `listener` when the list changes, in this tab or another. */
export const subscribeCompare = stored.subscribe;
