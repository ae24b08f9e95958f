/** npm run create-admin -- --email E --password P --name N */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { ensureAdmin } from '../src/server/modules/users/admin.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const input = z
  .object({
    email: z.email('--email must be an email address'),
    password: z.string('--password is required').min(8, '--password must be at least 8 characters'),
    name: z.string().min(1).default('Store Admin'),
  })
  .safeParse(values);
if (!input.success) {
  process.stderr.write(`${input.error.issues.map((i) => i.message).join('\n')}\n`);
  process.stderr.write('Usage: npm run create-admin -- --email E --password P --name N\n');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : config.dataDir,
});
try {
  await migrateDatabase(database);
  const result = await ensureAdmin(database.db, input.data);
  process.stdout.write(`Admin ${input.data.email} ${result}.\n`);
} finally {
  await database.close();
}
