/** Synchronous key-value storage: the browser's localStorage, or a Map in tests. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * The browser's localStorage. It is touched only when the saved state is read or written, never
 * when the page's code loads: the first touch is a synchronous trip to the browser process, which
 * belongs after the first render, not before it. Where storage is refused (a private window, a
 * full quota) the store simply keeps nothing.
 */
export const localStorageOfBrowser: KeyValueStorage = {
  getItem(key: string) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing is kept; the shopper's state lives on until the tab closes.
    }
  },
  removeItem(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing was kept to remove.
    }
  },
};
