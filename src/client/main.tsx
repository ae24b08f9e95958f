import './styles.css';

/**
 * Resolves after the browser has painted the page once. The app's code downloads meanwhile (the
 * page preloads it); evaluated before that paint, it would keep the server's HTML off a slow
 * phone's screen for as long as it takes to run, and the page is readable without it.
 */
function afterFirstPaint(): Promise<void> {
  // A page opened in the background paints nothing until shown; it starts at once instead.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
    });
  });
}

/**
 * Keeps the buttons tapped and the choices picked before the app runs (links and forms work
 * without it), to press or pick them again once it has taken over the page: a shopper's early tap
 * on Add To Cart, or an early "Sort by", is not lost. React keeps a picked option on screen but
 * hears no change made before it started.
 */
function keepEarlyInput(): { stop(): void; replay(): void } {
  const tapped: HTMLButtonElement[] = [];
  const picked = new Set<HTMLSelectElement>();
  const keepTap = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type !== 'submit') tapped.push(button);
  };
  const keepPick = (event: Event) => {
    if (event.target instanceof HTMLSelectElement) picked.add(event.target);
  };
  document.addEventListener('click', keepTap, true);
  document.addEventListener('change', keepPick, true);
  return {
    stop() {
      document.removeEventListener('click', keepTap, true);
      document.removeEventListener('change', keepPick, true);
    },
    replay() {
      for (const select of picked) {
        if (select.isConnected) select.dispatchEvent(new Event('change', { bubbles: true }));
      }
      for (const button of tapped) if (button.isConnected) button.click();
    },
  };
}

const earlyInput = keepEarlyInput();
await afterFirstPaint();
const { started } = await import('./boot.tsx');
// From here React has the page: input that comes while it hydrates is its own to replay.
earlyInput.stop();
// Once the app has hydrated the page (or rendered it, for pages served without markup), its
// handlers hear the taps and picks kept from before.
await started;
earlyInput.replay();
