export const fitMessages = {
  yourSize: (label: string) => `Your size: ${label}`,
  between: (smaller: string, larger: string) => `Between ${smaller} and ${larger}`,
  oneSize: 'One size',
  tooShort: 'This bicycle is too big for you.',
  tooShortForAdultBike: 'This bicycle is too big for you: have a look at our Kids Bicycles.',
  tooTall: 'This bicycle is too small for you.',
} as const;
