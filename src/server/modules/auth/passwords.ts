import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package exports it as an ambient const enum. */
const ARGON2ID = 2;

/** Argon2id with the OWASP minimum parameters (m=19456 KiB, t=2, p=1). */
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random secret, verified against when the email is unknown, so that an
 * unknown email and a wrong password take the same time.
 */
let dummyHash: Promise<string> | undefined;
export function timingSafeDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${String(Math.random())}`);
  return dummyHash;
}
