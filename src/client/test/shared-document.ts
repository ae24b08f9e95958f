import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// The client files that share their worker's modules and document (vitest.config.ts) each leave
// them as they found them. Stubbed globals and spies are put back by the project's configuration.
afterEach(() => {
  // Sonner keeps its toasts in a module: a toast left over from an earlier file would turn the
  // next file's toast with the same text into an update of one that is no longer on screen.
  toast.dismiss();
  sessionStorage.clear();
  vi.useRealTimers();
  history.replaceState(null, '', '/');
  document.title = '';
});
