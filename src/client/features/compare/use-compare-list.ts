import { useSyncExternalStore } from 'react';
import { paths } from '#client/lib/paths.ts';
import {
  readCompareList,
  serverCompareList,
  subscribeCompare,
  type CompareItem,
} from './compare-storage.ts';

/** The bicycles picked to compare; the server renders for a visitor with none picked. */
export function useCompareList(): readonly CompareItem[] {
  return useSyncExternalStore(subscribeCompare, readCompareList, serverCompareList);
}

/** The compare page's address for these bicycles, in their order. */
export function comparePath(slugs: readonly string[]): string {
  return `${paths.compare}?bikes=${slugs.map(encodeURIComponent).join(',')}`;
}
