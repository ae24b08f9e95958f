import {
  lazy,
  StrictMode,
  Suspense,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Provider } from 'react-redux';
import { toaster } from '#client/components/ui/notice.ts';
import type { AppStore } from './store.ts';

// Toasts answer what the shopper does, so their code is not needed until the first toast (or a
// page whose code raises toasts) asks for it; a toast raised before it arrives shows when it does.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

// Sonner's rich colours put 13 px text on a pale tint at about 4.3:1 (warning 3:1); the same hues,
// darker, reach 5:1.
const TOAST_COLORS = {
  '--success-text': 'hsl(140, 100%, 24%)',
  '--info-text': 'hsl(210, 92%, 40%)',
  '--warning-text': 'hsl(31, 92%, 32%)',
  '--error-text': 'hsl(360, 100%, 40%)',
} as CSSProperties;

const TOAST_TOP = 72;

function DeferredToaster() {
  // Never in the server's HTML: hydration has nothing to match.
  const wanted = useSyncExternalStore(toaster.subscribe, toaster.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        // Below the sticky header (64 px), so a toast never covers Cart or the menu it just spoke of.
        offset={{ top: TOAST_TOP }}
        mobileOffset={{ top: TOAST_TOP }}
        richColors
        closeButton
        style={TOAST_COLORS}
      />
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
