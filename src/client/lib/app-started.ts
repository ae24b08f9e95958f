let markStarted = () => {};

/**
 * Resolves once the app's first render is on screen and the saved cart, wishlist and session are
 * read: work that changes them (an intent kept from before the scripts ran) waits for it, or the
 * saved state read afterwards would overwrite it.
 */
export const appStarted = new Promise<void>((resolve) => {
  markStarted = resolve;
});

/** Called once by the app's start-up (`boot.tsx`), after the saved state is read. */
export function markAppStarted(): void {
  markStarted();
}
