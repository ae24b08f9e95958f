import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * A value only the browser knows, read without a subscription. A prerendered page and its first
 * render both use `prerendered`; the browser's own value applies right after hydration.
 */
export function useBrowserValue<T>(read: () => T, prerendered: T): T {
  return useSyncExternalStore(subscribeToNothing, read, () => prerendered);
}
