/** The mails the server writes to its outbox, named as a store owner would. */
const KIND_LABELS: Record<string, string> = {
  'password-reset': 'Password reset',
  'order-paid': 'Order paid',
  'order-ongoing': 'Order on its way',
  'order-completed': 'Order completed',
  'order-cancelled': 'Order cancelled',
  'order-refunded': 'Order refunded',
  'stock-alert': 'Back in stock',
  'stock-alert-confirm': 'Stock alert confirmation',
};

/**
 * What a mail was about. A mail that never went out has no subject (the subject is rendered only
 * when it is sent), so its kind stands in; a kind added later still reads, de-hyphenated.
 */
export function mailTopic(mail: { kind: string; subject: string | null }): string {
  if (mail.subject) return mail.subject;
  const known = KIND_LABELS[mail.kind];
  if (known) return known;
  const words = mail.kind.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
