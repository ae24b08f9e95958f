/** Whether PostgreSQL raised this SQLSTATE anywhere in the error's causes (drivers and Drizzle wrap it). */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** unique_violation: a unique index refused the row. */
export const isUniqueViolation = (error: unknown): boolean => hasPgCode(error, '23505');

/**
 * deadlock_detected or serialization_failure: PostgreSQL ended this transaction to let another go
 * on. Nothing of it was written, so running it again from the start is correct.
 */
export const isTransientConflict = (error: unknown): boolean =>
  hasPgCode(error, '40P01') || hasPgCode(error, '40001');
