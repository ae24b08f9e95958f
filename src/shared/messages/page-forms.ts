/** Answers to a form posted to a page that the server does not act on (decision 031). */
export const pageFormsMessages = {
  crossSite:
    'This form was sent from another site, so nothing was done. Open the page on Bi-Cycle Store and send it from there.',
  unreadable: 'This form could not be read. Go back to the page and send it again.',
  tooLarge: 'This form is too large to send. Go back, shorten what you typed and send it again.',
} as const;
