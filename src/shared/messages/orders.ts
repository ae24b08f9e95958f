export const ordersMessages = {
  cancelFailed: 'Failed to cancel order',
  cancelled: 'Order cancelled successfully',
  payNow: 'Pay now',
  payFailed: 'This order can no longer be paid',
  empty: 'Your orders will appear here once you make a purchase!',
  cancelTitle: (orderNumber: string) => `Cancel order ${orderNumber}?`,
  cancelReleases: 'The bicycle goes back on sale and this order cannot be paid or shipped.',
  cancelRefund: (amount: string) =>
    `The ${amount} you paid is refunded to the card you paid with. Card refunds usually show within 5 to 10 business days.`,
  cancelNoCharge: 'Nothing has been charged for this order.',
  cancelConfirm: 'Cancel order',
  cancelKeep: 'Keep order',
  notFound: 'We could not find this order in your account.',
  loadFailed: 'This order could not be loaded. Please try again.',
  destinationSaved: 'Delivery details saved',
  destinationFailed: 'The delivery details could not be saved',
  destinationNeeded:
    'This order has no delivery address or shop yet. Tell us where the bicycle should go.',
} as const;
