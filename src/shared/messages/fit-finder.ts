export const fitFinderMessages = {
  open: 'Find my size',
  title: 'Find my size',
  intro:
    'Tell us your height, and your inseam if you know it: we point out the frame that fits you.',
  units: 'Units',
  metric: 'cm',
  imperial: 'ft / in',
  height: 'Height',
  feet: 'Feet',
  inches: 'Inches',
  inseam: 'Inseam (optional)',
  inseamHint: 'Floor to crotch, standing in socks. It decides between two sizes.',
  save: 'Save my size',
  saved: 'Your measurements are saved.',
  saveFailed: 'Your measurements are kept in this browser, but could not be saved to your account.',
  forget: 'Forget my measurements',
  heightRequired: 'Enter your height',
  numberRequired: 'Enter a number',
  summary: (heightCm: number, inseamCm: number | null) =>
    inseamCm === null
      ? `Your height: ${String(heightCm)} cm`
      : `Your height: ${String(heightCm)} cm, inseam ${String(inseamCm)} cm`,
  fitsMe: 'Fits me',
  fitsMeHint: 'Only bicycles with your size in stock',
  recommended: 'Your size',
  sizeLegend: 'Size',
  sizeChart: 'Size chart',
  specs: 'Specifications',
  inStock: 'In stock',
  soldOut: 'Sold out',
} as const;
