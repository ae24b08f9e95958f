import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';
import { hashPassword } from '../src/server/modules/auth/passwords.ts';

const CUSTOMER = 'rider@example.com';

interface Outcome {
  code: number | null;
  output: string;
}

/** Runs `npm run create-admin -- ...args` against the embedded database in dataDir. */
function createAdmin(dataDir: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => {
      resolve({ code, output });
    });
  });
}

async function roleOf(dataDir: string, email: string): Promise<string | undefined> {
  const database = await openDatabase({ pgliteDir: dataDir });
  try {
    const [row] = await database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, email));
    return row?.role;
  } finally {
    await database.close();
  }
}

describe('npm run create-admin', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bicycle-create-admin-'));

  beforeAll(async () => {
    // The run's migrated snapshot (src/server/test/global-setup.ts) spares a fresh initdb.
    const snapshot = await readFile(inject('pgliteSnapshot'));
    const database = await openDatabase({ pgliteDir: dataDir, loadDataDir: new Blob([snapshot]) });
    try {
      await database.db.insert(users).values({
        name: 'Rider',
        email: CUSTOMER,
        passwordHash: await hashPassword('rider-pass-1'),
        role: 'customer',
      });
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to promote an existing customer without --promote, exits non-zero and says how', async () => {
    const refused = await createAdmin(dataDir, ['--email', CUSTOMER, '--password', 'boss-pass-1']);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/--promote/);
    expect(await roleOf(dataDir, CUSTOMER)).toBe('customer');

    const promoted = await createAdmin(dataDir, [
      '--email',
      CUSTOMER,
      '--password',
      'boss-pass-1',
      '--promote',
    ]);
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toMatch(/promoted/);
    expect(await roleOf(dataDir, CUSTOMER)).toBe('admin');

    const created = await createAdmin(dataDir, [
      '--email',
      'boss@example.com',
      '--password',
      'boss-pass-1',
    ]);
    expect(created.code, created.output).toBe(0);
    expect(await roleOf(dataDir, 'boss@example.com')).toBe('admin');
  }, 120_000);
});
