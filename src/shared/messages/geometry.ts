export const geometryMessages = {
  notAnObject: 'Geometry must be an object',
  numberRequired: (field: string) => `${field} must be a number`,
  wholeMillimetres: (field: string) => `${field} must be a whole number of millimetres`,
  oneDecimal: (field: string) => `${field} can have at most 1 decimal`,
  between: (field: string, min: number, max: number, unit: string) =>
    `${field} must be between ${String(min)} and ${String(max)}${unit === 'mm' ? ' mm' : unit}`,
} as const;
