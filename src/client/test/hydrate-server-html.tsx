import { act, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { onTestFinished } from 'vitest';

/**
 * Puts `app`'s server HTML in the page, lets `early` change it as a shopper on a slow phone does
 * before the scripts run, then hydrates it as the browser does. Answers the container; it is
 * unmounted and removed when the test ends.
 */
export async function hydrateServerHtml(
  app: ReactElement,
  early: (container: HTMLElement) => void,
): Promise<HTMLElement> {
  // Hydration here is React's own, not Testing Library's render: `act` must know it is a test.
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  early(container);
  const root = await act(async () => {
    const hydrated = hydrateRoot(container, app);
    await Promise.resolve();
    return hydrated;
  });
  onTestFinished(() => {
    act(() => {
      root.unmount();
    });
    container.remove();
  });
  return container;
}
