import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from 'sonner';
import type { AppStore } from './store.ts';

/** What wraps every page, in the browser and in the build-time prerender alike. */
export function AppRoot({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        {children}
        <Toaster position="top-center" richColors closeButton />
      </Provider>
    </StrictMode>
  );
}
