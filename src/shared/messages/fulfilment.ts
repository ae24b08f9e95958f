export const fulfilmentMessages = {
  deliveryNeedsAddress: 'Choose a saved address or enter a new one',
  collectNeedsLocation: 'Choose the shop to collect from',
  oneDestination: 'Send either an address, a saved address or a shop, not several',
  destinationRequired: 'Choose a saved address, enter a new one, or choose a shop',
  locationNotFound: 'Shop not found.',
} as const;
