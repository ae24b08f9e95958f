import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '#client/lib/hooks.ts';
import { selectShowCartDrawer } from '../cart-slice.ts';

const CartDrawer = lazy(async () => ({ default: (await import('./cart-drawer.tsx')).CartDrawer }));

/**
 * Loads the drawer's code the first time the drawer opens. The open flag is not saved with the
 * cart (app/store.ts), so every visit starts with the drawer closed.
 */
export function CartDrawerHost() {
  const open = useAppSelector(selectShowCartDrawer);
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
