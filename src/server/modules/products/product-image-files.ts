import type { Deps } from '#server/deps.ts';
import { imageKeyInUse } from './product-images.repository.ts';

/**
 * Deletes image files no gallery shows any more; a failure here must not undo the write. A key
 * still in a gallery (the demo catalog once shared drawings between bicycles) keeps its files.
 */
export async function discardImage(deps: Deps, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    if (await imageKeyInUse(deps.db, key)) return;
    await deps.images.remove(key);
  } catch (err) {
    deps.log.warn({ err, imageKey: key }, 'could not delete image files');
  }
}

/** Runs a database write after new image files were saved; the files go if the write does not happen. */
export async function withSavedImages<T>(
  deps: Deps,
  keys: readonly string[],
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await Promise.all(keys.map((key) => discardImage(deps, key)));
    throw error;
  }
}
