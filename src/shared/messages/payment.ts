export const paymentMessages = {
  success: 'Payment Successful!',
  failed: 'Payment Failed',
  declined: 'Your card was declined. Try another card.',
} as const;
