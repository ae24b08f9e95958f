import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
import { Toaster } from 'sonner';
import { router } from './app/router.tsx';
import { makeStore } from './app/store.ts';
import './styles.css';

const { store, persistor } = makeStore();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <RouterProvider router={router} />
        <Toaster position="top-center" richColors closeButton />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
