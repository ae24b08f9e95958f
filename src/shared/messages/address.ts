export const addressMessages = {
  nameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid:
    'Enter a valid phone number for this country, or start it with + and the country code',
  line1Required: 'Address is required',
  cityRequired: 'City is required',
  postalCodeRequired: 'Postal code is required',
  postalCodeInvalid: (country: string) => `Enter a valid postal code for ${country}`,
  countryInvalid: 'Choose a country from the list',
  tooLong: (field: string, max: number) => `${field} must be at most ${String(max)} characters`,
  limit: (max: number) =>
    `Your address book is full (${String(max)} addresses). Delete one before adding another.`,
  notFound: 'Address not found.',
  saved: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  defaultChanged: 'Default address changed',
  saveFailed: 'The address could not be saved',
  deleteFailed: 'The address could not be deleted',
} as const;
