import type { Storage } from 'redux-persist';

/**
 * The browser's localStorage in the shape redux-persist reads and writes. It is touched only when
 * the saved state is read or written, never when the page's code loads: the first touch is a
 * synchronous trip to the browser process, which belongs after the first render, not before it.
 * Where storage is refused (a private window, a full quota) the store simply keeps nothing.
 */
export const localStorageOfBrowser: Storage = {
  getItem(key: string) {
    try {
      return Promise.resolve(window.localStorage.getItem(key));
    } catch {
      return Promise.resolve(null);
    }
  },
  setItem(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing is kept; the shopper's state lives on until the tab closes.
    }
    return Promise.resolve();
  },
  removeItem(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing was kept to remove.
    }
    return Promise.resolve();
  },
};
