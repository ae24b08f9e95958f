import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { useCompareList } from './use-compare-list.ts';

const CompareTray = lazy(async () => ({
  default: (await import('./compare-tray.tsx')).CompareTray,
}));

/**
 * The compare tray, loaded once the shopper has picked a bicycle to compare (most never do, and
 * the first screen of every page stays light). The compare page itself lays them out already.
 */
export function CompareTrayHost() {
  const list = useCompareList();
  const { pathname } = useLocation();
  if (list.length === 0 || pathname === paths.compare) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray items={list} />
    </Suspense>
  );
}
