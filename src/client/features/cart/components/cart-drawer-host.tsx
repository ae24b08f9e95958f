import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '#client/app/hooks.ts';
import { selectShowCartDrawer, setCartDrawer } from '../cart-slice.ts';

const CartDrawer = lazy(async () => ({ default: (await import('./cart-drawer.tsx')).CartDrawer }));

/** Loads the drawer's code the first time the drawer opens. */
export function CartDrawerHost() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShowCartDrawer);
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);

  // The drawer's flag is saved with the cart; a fresh visit starts with it closed.
  useEffect(() => {
    dispatch(setCartDrawer(false));
  }, [dispatch]);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
