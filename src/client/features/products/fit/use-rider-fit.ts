import { useCallback, useSyncExternalStore } from 'react';
import type { FitFilter } from '#shared/rules/filters.ts';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectCurrentUser } from '#client/lib/session.ts';
import { useSaveRiderFitMutation } from './fit-api.ts';
import { readRiderFit, subscribeRiderFit, writeRiderFit } from './rider-fit-storage.ts';

const none = () => null;

/**
 * The rider's measurements: the account's when signed in and given there, else this browser's.
 * The server renders for a visitor it knows nothing about, so the first render has none.
 */
export function useRiderFit(): FitFilter | null {
  const user = useAppSelector(selectCurrentUser);
  const local = useSyncExternalStore(subscribeRiderFit, readRiderFit, none);
  if (user?.riderHeightCm)
    return { riderHeightCm: user.riderHeightCm, inseamCm: user.inseamCm ?? null };
  return local;
}

/**
 * Saves the measurements in this browser, and on the account when signed in. Resolves to false
 * when the account could not take them (the browser still keeps them).
 */
export function useSaveRiderFit(): {
  save: (fit: FitFilter | null) => Promise<boolean>;
  isSaving: boolean;
} {
  const user = useAppSelector(selectCurrentUser);
  const [saveOnAccount, { isLoading }] = useSaveRiderFitMutation();
  const save = useCallback(
    async (fit: FitFilter | null) => {
      writeRiderFit(fit);
      if (!user) return true;
      try {
        await saveOnAccount({
          riderHeightCm: fit?.riderHeightCm ?? null,
          inseamCm: fit?.inseamCm ?? null,
        }).unwrap();
        return true;
      } catch {
        return false;
      }
    },
    [user, saveOnAccount],
  );
  return { save, isSaving: isLoading };
}
