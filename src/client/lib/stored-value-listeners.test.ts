import { describe, expect, it, vi } from 'vitest';
import { storedValueListeners } from './stored-value-listeners.ts';

const otherTabWrites = (key: string | null) => {
  window.dispatchEvent(new StorageEvent('storage', { key }));
};

describe('storedValueListeners', () => {
  it("tells every subscriber of this tab's writes and of another tab's, through one window listener", () => {
    const added = vi.spyOn(window, 'addEventListener');
    const stored = storedValueListeners('rider-fit');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = stored.subscribe(first);
    const stopSecond = stored.subscribe(second);
    expect(added.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);

    stored.notify();
    otherTabWrites('rider-fit');
    otherTabWrites(null); // another tab cleared all storage
    otherTabWrites('compare');
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);

    stopFirst();
    stopSecond();
    otherTabWrites('rider-fit');
    stored.notify();
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(3);
    added.mockRestore();
  });
});
