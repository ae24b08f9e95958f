/** npm run create-admin -- --email E --password P [--name N] [--promote] */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { ensureAdmin } from '../src/server/modules/users/admin.ts';

const USAGE = 'Usage: npm run create-admin -- --email E --password P [--name N] [--promote]\n';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    promote: { type: 'boolean', default: false },
  },
});
const input = z
  .object({
    email: z.email('--email must be an email address'),
    password: z.string('--password is required').min(8, '--password must be at least 8 characters'),
    name: z.string().min(1).default('Store Admin'),
    promote: z.boolean(),
  })
  .safeParse(values);
if (!input.success) {
  process.stderr.write(`${input.error.issues.map((i) => i.message).join('\n')}\n`);
  process.stderr.write(USAGE);
  process.exit(1);
}
const { promote, ...admin } = input.data;
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : config.dataDir,
});
let result;
try {
  await migrateDatabase(database);
  result = await ensureAdmin(database.db, admin, { promoteExisting: promote });
} finally {
  await database.close();
}
if (result === 'refused') {
  process.stderr.write(
    `${admin.email} belongs to an existing customer account, which was left as it is.\n` +
      'Run again with --promote to make that account an admin (its sessions end).\n',
  );
  process.exit(1);
}
process.stdout.write(`Admin ${admin.email} ${result}.\n`);
