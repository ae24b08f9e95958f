import type { HydrationState } from 'react-router';
import type { api } from '../lib/api.ts';

export const INITIAL_DATA_ID = 'initial-data';

/**
 * What a server-rendered page hands to the browser: the API cache it was rendered from, and what
 * its loaders answered (the router starts from it instead of running them again).
 */
export interface InitialData {
  api: Partial<ReturnType<typeof api.reducer>>;
  router?: HydrationState;
  /** The page shows one shopper's data: drawn afresh once the saved state is back. */
  perShopper?: true;
  /**
   * The page was drawn for its signed-in visitor (decision 032): its loaders' answers say so and
   * must reach the first render as they are.
   */
  signedIn?: true;
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` can close the element or
 * open a comment, and the line separators JavaScript once refused are escaped too.
 */
export function serializeInitialData(data: InitialData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readInitialData(text: string | null | undefined): InitialData | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'api' in parsed) {
      return parsed as InitialData;
    }
  } catch {
    // A damaged payload: the page renders from scratch and fetches its data.
  }
  return undefined;
}
