import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/client.ts';
import { migrationsFolder } from '#server/db/migrate.ts';

interface Journal {
  entries: { tag: string }[];
}

/** The migrations folder as it was before slugs: every entry up to 0010 (the nullable column). */
async function foldersBeforeBackfill(dir: string): Promise<string> {
  const before = path.join(dir, 'before');
  await cp(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === '0010_product_slugs');
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return before;
}

describe('the slug migration', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'slug-migration-'));
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives existing products unique slugs, oldest first, then makes them required', async () => {
    if (!database.pglite) throw new Error('expected PGlite');
    const db = drizzle({ client: database.pglite });
    await migrate(db, { migrationsFolder: await foldersBeforeBackfill(dir) });
    await db.execute(sql`
      insert into products (name, brand, category, price_cents, quantity, description, created_at)
      values ('Marlin 7', 'Trek', 'Mountain Bike', 100, 1, 'x', now() - interval '3 days'),
             ('Trek Marlin 7', 'Trek', 'Mountain Bike', 100, 1, 'x', now() - interval '2 days'),
             ('Marlin 7', 'TREK', 'Mountain Bike', 100, 1, 'x', now() - interval '1 day'),
             ('Talon 1', 'Giant', 'Mountain Bike', 100, 1, 'x', now())`);

    await migrate(db, { migrationsFolder });

    const rows = await db.execute<{ name: string; slug: string }>(
      sql`select name, slug from products order by created_at`,
    );
    expect(rows.rows.map((r) => r.slug)).toEqual([
      'trek-marlin-7',
      'trek-marlin-7-2',
      'trek-marlin-7-3',
      'giant-talon-1',
    ]);
    await expect(
      db.execute(sql`update products set slug = 'giant-talon-1' where name = 'Marlin 7'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`update products set slug = null`)).rejects.toThrow();
  });
});
