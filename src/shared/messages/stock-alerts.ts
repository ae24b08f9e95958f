/** Back-in-stock alerts for someone else's address wait for a confirmation (not in the spec). */
export const stockAlertsMessages = {
  checkInbox: 'Check your inbox to confirm the alert.',
  confirmTitle: 'Confirm your back-in-stock alert',
  confirmLead: 'Confirm to get one email when this bicycle is back in stock.',
  confirmButton: 'Confirm',
  confirmed: 'Your alert is confirmed: we will email you once when the bicycle is back in stock.',
  linkInvalid: 'This confirmation link is invalid or has expired. Ask for the alert again.',
  unsubscribeTitle: 'Stop this back-in-stock alert',
  unsubscribeLead: 'You will get no more mail about this bicycle.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You will get no mail about this bicycle.',
  alreadyRemoved: 'This alert was already removed or used.',
} as const;
