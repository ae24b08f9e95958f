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

// What a shopper does before the app runs is carried by the page itself (decisions 035 and 036):
// links and forms work, a popover opens, and the app reads the choices the page holds when it
// starts. Nothing is kept here to be done again.
await afterFirstPaint();
await import('./boot.tsx');
