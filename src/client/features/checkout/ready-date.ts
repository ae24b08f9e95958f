import { checkoutMessages } from '#shared/messages/checkout.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// UTC, as the server dates a collection (`readyBy` is the order's time plus the shop's lead
// days): the page says the same day in the server's HTML and in the browser.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Ready from Mon, Nov 30": the day a shop has a bicycle ordered now ready. */
export function readyFrom(leadDays: number, now: Date): string {
  return checkoutMessages.readyFrom(dayFormat.format(new Date(now.getTime() + leadDays * DAY_MS)));
}
