export const specsMessages = {
  notJson: 'Specs must be an object written as JSON',
  notAnObject: 'Specs must be an object',
  choose: (what: string) => `Choose a ${what} from the list`,
  numberRequired: (field: string) => `${field} must be a number`,
  wholeNumber: (field: string) => `${field} must be a whole number`,
  positive: (field: string) => `${field} must be more than 0`,
  atMost: (field: string, max: number) => `${field} must be at most ${String(max)}`,
  weightDecimals: 'Weight can have at most 1 decimal',
} as const;
