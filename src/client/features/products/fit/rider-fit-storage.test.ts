import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parseRiderFit,
  readRiderFit,
  RIDER_FIT_KEY,
  subscribeRiderFit,
  writeRiderFit,
} from './rider-fit-storage.ts';

afterEach(() => {
  window.localStorage.clear();
});

describe("a visitor's measurements in the browser", () => {
  it('are saved, read back (the same object while unchanged) and forgotten', () => {
    const listener = vi.fn();
    const stop = subscribeRiderFit(listener);
    writeRiderFit({ riderHeightCm: 182, inseamCm: null });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readRiderFit()).toEqual({ riderHeightCm: 182, inseamCm: null });
    expect(readRiderFit()).toBe(readRiderFit());
    writeRiderFit(null);
    expect(readRiderFit()).toBeNull();
    expect(window.localStorage.getItem(RIDER_FIT_KEY)).toBeNull();
    stop();
  });

  it('count as none when what is stored is malformed', () => {
    expect(parseRiderFit('not json')).toBeNull();
    expect(parseRiderFit('{"riderHeightCm":"tall"}')).toBeNull();
    expect(parseRiderFit('{"riderHeightCm":170,"inseamCm":-3}')).toEqual({
      riderHeightCm: 170,
      inseamCm: null,
    });
  });
});
