import {
  lazy,
  startTransition,
  StrictMode,
  Suspense,
  useEffect,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store.ts';

// Toasts answer what the shopper does, so their code is not needed for the first paint; a toast
// raised before it arrives is shown as soon as it does.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

// Sonner's rich colours put 13 px text on a pale tint at about 4.3:1 (warning 3:1); the same hues,
// darker, reach 5:1.
const TOAST_COLORS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 32%)',
  '--error-text': 'hsl(360, 100%, 40%)',
} as CSSProperties;

function DeferredToaster() {
  // Not in the server's HTML, so hydration has nothing to match; it mounts right after, in a
  // transition: rendering it may wait for its code without blocking the page that just hydrated.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => {
      setShown(true);
    });
  }, []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton style={TOAST_COLORS} />
    </Suspense>
  );
}

/** What wraps every page, in the browser and in the server renderer alike. */
export function AppRoot({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        {children}
        <DeferredToaster />
      </Provider>
    </StrictMode>
  );
}
