import { PAGE_MODULES_ID } from '#shared/contract/page-render.ts';
import './styles.css';

/**
 * Resolves after the browser has painted the page once. On a slow phone the app's code, fetched
 * and run before that, would share the network with the first picture and then keep the server's
 * HTML off the screen while it evaluates; the page is readable without it.
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

/** Fetches all the code a server-rendered page runs at once, instead of one import after another. */
function preloadPageModules(): void {
  const text = document.getElementById(PAGE_MODULES_ID)?.textContent;
  if (!text) return;
  for (const href of JSON.parse(text) as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
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
preloadPageModules();
// Resolves once the app has hydrated the page (or rendered it, for pages served without markup);
// React itself handles taps from then on, hydrating what they land on first.
await import('./boot.tsx');
replayEarlyTaps();
