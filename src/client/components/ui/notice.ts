/** A message for the shopper: what a rule decided, shown as a toast. */
export interface Notice {
  kind: 'success' | 'error' | 'info';
  text: string;
}

let toasterWanted = false;
const toasterListeners = new Set<() => void>();

/**
 * Asks for the toasts' host (`AppRoot` mounts it, loading its code then): the first notice, or a
 * page whose own code raises toasts (`toast.ts`), needs it; a page that only reads needs neither.
 * Toasts raised before the host is there are shown as it mounts.
 */
export function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of toasterListeners) listener();
}

/** For `useSyncExternalStore`: whether the toasts' host is wanted yet. */
export const toaster = {
  wanted: () => toasterWanted,
  subscribe: (listener: () => void): (() => void) => {
    toasterListeners.add(listener);
    return () => toasterListeners.delete(listener);
  },
};

/** Shows a notice; repeated identical notices replace each other instead of piling up. */
export function showNotice(notice: Notice | null | undefined): void {
  if (!notice) return;
  const options = { id: notice.text };
  wantToaster();
  // Loaded with the first notice, not with the page.
  void import('sonner').then(({ toast }) => {
    if (notice.kind === 'success') toast.success(notice.text, options);
    else if (notice.kind === 'error') toast.error(notice.text, options);
    else toast.info(notice.text, options);
  });
}
