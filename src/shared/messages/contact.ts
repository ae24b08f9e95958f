export const contactMessages = { underway: 'Improvements are underway, stay tuned!' };
