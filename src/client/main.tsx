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
 * Keeps the buttons tapped before the app runs (links and forms work without it), to press them
 * again once it has taken over the page: a shopper's early tap on Add To Cart is not lost.
 */
function keepEarlyTaps(): () => void {
  const tapped: HTMLButtonElement[] = [];
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type !== 'submit') tapped.push(button);
  };
  document.addEventListener('click', keep, true);
  return () => {
    document.removeEventListener('click', keep, true);
    for (const button of tapped) if (button.isConnected) button.click();
  };
}

const replayEarlyTaps = keepEarlyTaps();
await afterFirstPaint();
// Resolves once the app has hydrated the page (or rendered it, for pages served without markup);
// React itself handles taps from then on, hydrating what they land on first.
await import('./boot.tsx');
replayEarlyTaps();
