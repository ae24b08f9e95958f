import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a second lock on the same directory while the first is held', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bicycle-lock-'));
    const release = lockDataDir(dir);
    writeFileSync(path.join(dir, 'store.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Bi-Cycle Store process/);
    release();
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('takes over a lock left behind by a process that no longer exists', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bicycle-lock-'));
    writeFileSync(path.join(dir, 'store.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(typeof release).toBe('function');
    release();
  });
});
