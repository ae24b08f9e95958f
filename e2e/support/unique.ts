let serial = 0;

/**
 * A tag no other test, project or run has used: the projects share one store and runs share a
 * data directory, so the time, a per-worker serial and a random part all go in.
 */
export function uniqueTag(): string {
  serial += 1;
  return `${String(Date.now())}-${String(serial)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A brand no other run or project has: twelve random letters, first one capital. */
export function uniqueBrand(): string {
  const letters = Array.from({ length: 12 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  return letters[0]!.toUpperCase() + letters.slice(1);
}
