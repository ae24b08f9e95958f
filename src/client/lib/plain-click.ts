import type { MouseEvent } from 'react';

/**
 * A click that would follow a link in this tab: the main button, no new tab or window asked for.
 * A link that the app answers in place (a drawer, a dialog) takes only these and leaves the rest
 * to the browser.
 */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
