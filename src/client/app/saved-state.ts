import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { createAction } from '@reduxjs/toolkit';
import type { KeyValueStorage } from '#client/lib/local-storage.ts';

export type { KeyValueStorage };

/**
 * A shopper's session, cart and wishlist kept between visits, in localStorage under
 * `persist:<slice>`: a JSON object whose every field is itself JSON, beside
 * `_persist: {"version":-1,"rehydrated":true}`. That is the format redux-persist wrote, so what
 * earlier versions of the store saved reads back, and a slice grows fields without a migration
 * (a field that was never saved keeps its initial value).
 */

/** What is saved of each slice: every field but the ones named in `omit`. */
export interface SavedSlice {
  name: string;
  omit?: readonly string[];
}

type SliceFields = Record<string, unknown>;
type Restored = Record<string, SliceFields>;

const storageKey = (slice: string) => `persist:${slice}`;
const VERSION = JSON.stringify({ version: -1, rehydrated: true });

/** Put in the store once, with the saved fields of each slice. */
export const savedStateRestored = createAction<Restored>('app/savedStateRestored');

/** The saved fields of one slice; nothing when missing, unreadable or not an object. */
function readSlice(storage: KeyValueStorage, slice: SavedSlice): SliceFields | undefined {
  try {
    const raw = storage.getItem(storageKey(slice.name));
    if (raw === null) return undefined;
    const outer: unknown = JSON.parse(raw);
    if (typeof outer !== 'object' || outer === null || Array.isArray(outer)) return undefined;
    const fields: SliceFields = {};
    for (const [field, encoded] of Object.entries(outer)) {
      if (field === '_persist' || slice.omit?.includes(field) || typeof encoded !== 'string')
        continue;
      fields[field] = JSON.parse(encoded);
    }
    return fields;
  } catch {
    // A damaged entry (edited by hand, cut short by a full disk) starts that slice afresh.
    return undefined;
  }
}

function writeSlice(storage: KeyValueStorage, slice: SavedSlice, state: SliceFields): void {
  const outer: Record<string, string> = {};
  for (const [field, value] of Object.entries(state)) {
    if (!slice.omit?.includes(field)) outer[field] = JSON.stringify(value);
  }
  outer._persist = VERSION;
  try {
    storage.setItem(storageKey(slice.name), JSON.stringify(outer));
  } catch {
    // Storage refused (a private window, a full quota): the state lives on until the tab closes.
  }
}

/**
 * Wraps the root reducer: on `savedStateRestored`, each saved field replaces the slice's field,
 * unless the store changed that field before the saved state was read (an early tap's Add to
 * Cart): the newer change wins.
 */
export function restoringReducer<S extends object, P>(
  reducer: Reducer<S, UnknownAction, P>,
  slices: readonly SavedSlice[],
): Reducer<S, UnknownAction, P> {
  let initial: S | undefined;
  return (state, action) => {
    const next = reducer(state, action);
    initial ??= next;
    if (!savedStateRestored.match(action)) return next;
    const merged = { ...next } as Record<string, unknown>;
    for (const slice of slices) {
      const saved = action.payload[slice.name];
      const current = merged[slice.name] as SliceFields | undefined;
      const untouched = (initial as Record<string, SliceFields | undefined>)[slice.name];
      if (!saved || !current) continue;
      const fields: SliceFields = { ...current };
      for (const [field, value] of Object.entries(saved)) {
        if (!(field in current) || current[field] !== untouched?.[field]) continue;
        fields[field] = value;
      }
      merged[slice.name] = fields;
    }
    return merged as unknown as S;
  };
}

/**
 * Reads the saved slices into the store once, then saves each slice whenever it changes (only
 * after reading: before, the store's empty cart would overwrite the saved one).
 */
export function keepSaved(
  store: {
    getState(): unknown;
    dispatch(action: UnknownAction): unknown;
    subscribe(listener: () => void): unknown;
  },
  storage: KeyValueStorage,
  slices: readonly SavedSlice[],
): { restore(): void; readonly restored: boolean } {
  let restored = false;
  return {
    get restored() {
      return restored;
    },
    restore() {
      if (restored) return;
      restored = true;
      const saved: Restored = {};
      for (const slice of slices) {
        const fields = readSlice(storage, slice);
        if (fields) saved[slice.name] = fields;
      }
      store.dispatch(savedStateRestored(saved));
      const sliceOf = (name: string) => (store.getState() as Record<string, SliceFields>)[name];
      const last = new Map(slices.map((slice) => [slice.name, sliceOf(slice.name)]));
      for (const slice of slices) writeSlice(storage, slice, sliceOf(slice.name) ?? {});
      store.subscribe(() => {
        for (const slice of slices) {
          const now = sliceOf(slice.name);
          if (now === last.get(slice.name) || !now) continue;
          last.set(slice.name, now);
          writeSlice(storage, slice, now);
        }
      });
    },
  };
}
