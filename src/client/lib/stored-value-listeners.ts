/**
 * Who listens to one value kept in localStorage. This tab's writes call `notify`; another tab's
 * write of the key (or its clearing of all storage) reaches every listener through one `storage`
 * listener on the window, added with the first subscriber and removed with the last, not one per
 * subscriber (a shop page has a card for each bicycle).
 */
export function storedValueListeners(key: string): {
  subscribe: (listener: () => void) => () => void;
  notify: () => void;
} {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  const hasWindow = typeof window !== 'undefined';
  return {
    notify,
    subscribe(listener) {
      if (listeners.size === 0 && hasWindow) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && hasWindow) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
