import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Deps } from '#server/deps.ts';
import { systemClock } from '#server/lib/clock.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { endAllSessions } from '../auth/sessions.ts';
import { findUserByEmail, insertAdmin, setAdminAccount } from './users.repository.ts';

/**
 * created: a new admin account; updated: the admin already existed (its password set again if it
 * changed); promoted: an existing customer became the admin; refused: an existing customer was
 * left alone because promotion was not asked for.
 */
type EnsureAdminResult = 'created' | 'updated' | 'promoted' | 'refused';

/**
 * Creates the admin account, or brings an existing admin account in line (password, unblocked).
 * An existing customer with that email is promoted only when `promoteExisting` says so: otherwise
 * whoever registered the address first (possibly not the shop's owner) would silently become an
 * admin. A promotion ends every session of the account, so no token issued to the customer
 * carries over to the admin; a changed password ends them too. It takes the database alone:
 * npm run create-admin calls it with no app around it.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string; name: string },
  options: { promoteExisting?: boolean } = {},
): Promise<EnsureAdminResult> {
  const email = admin.email.trim().toLowerCase();
  let existing = await findUserByEmail(db, email);
  if (!existing) {
    const created = await insertAdmin(db, {
      email,
      name: admin.name,
      passwordHash: await hashPassword(admin.password),
    });
    if (created) return 'created';
    // Someone signed up with the address in between: treat it as the existing account it now is.
    existing = await findUserByEmail(db, email);
    if (!existing) throw new Error(`could not create or find the account ${email}`);
  }

  const promoting = existing.role !== 'admin';
  if (promoting && !options.promoteExisting) return 'refused';
  // The server ensures the admin at every start: an unchanged password keeps their sessions.
  const samePassword = await verifyPassword(existing.passwordHash, admin.password);
  await setAdminAccount(db, existing.id, {
    ...(samePassword ? {} : { passwordHash: await hashPassword(admin.password) }),
  });
  if (promoting || !samePassword) await endAllSessions({ db, clock: systemClock }, existing.id);
  return promoting ? 'promoted' : 'updated';
}

/** The parts of the app's Deps the start-up uses; the logger calls are the two it makes. */
interface StartUpDeps extends Pick<Deps, 'db'> {
  config: Pick<Config, 'admin' | 'adminPromoteExisting'>;
  log: {
    info(fields: object, message: string): void;
    warn(fields: object, message: string): void;
  };
}

/**
 * Ensures the admin named by ADMIN_EMAIL at start. When that email belongs to a customer and
 * ADMIN_PROMOTE_EXISTING is off, the start logs a warning and goes on: refusing to start would let
 * anyone who signs up with the admin's address keep the shop down, while the warning tells the
 * operator exactly what to set (or to run create-admin --promote) once they have checked the account.
 */
export async function ensureConfiguredAdmin({
  db,
  config,
  log,
}: StartUpDeps): Promise<EnsureAdminResult | undefined> {
  if (!config.admin) return undefined;
  const result = await ensureAdmin(db, config.admin, {
    promoteExisting: config.adminPromoteExisting,
  });
  const email = config.admin.email;
  if (result === 'refused') {
    log.warn(
      { email },
      'ADMIN_EMAIL belongs to an existing customer account, which was left as it is and is not an admin. ' +
        'To make it the admin, set ADMIN_PROMOTE_EXISTING=true (or run npm run create-admin -- --promote); ' +
        'otherwise choose another ADMIN_EMAIL.',
    );
  } else {
    log.info({ email, result }, 'admin account ensured');
  }
  return result;
}
