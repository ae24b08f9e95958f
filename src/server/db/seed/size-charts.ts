/*
 * Size charts of the kind makers publish: rider heights in centimetres per size, smallest first,
 * neighbouring sizes overlapping by a few centimetres (riders there are between sizes, and their
 * inseam decides). The demo catalog and the catalog generator size their bicycles with these.
 */

export interface ChartSize {
  label: string;
  quantity: number;
  minHeightCm: number;
  maxHeightCm: number;
}

export type Chart = readonly (readonly [label: string, minHeightCm: number, maxHeightCm: number])[];

/** Road frames, named by their length in centimetres. */
export const ROAD = [
  ['49 cm', 152, 160],
  ['52 cm', 158, 168],
  ['54 cm', 166, 175],
  ['56 cm', 173, 181],
  ['58 cm', 179, 187],
  ['61 cm', 185, 195],
] as const satisfies Chart;

export const MOUNTAIN = [
  ['XS', 148, 158],
  ['S', 155, 167],
  ['M', 165, 177],
  ['L', 175, 186],
  ['XL', 184, 198],
] as const satisfies Chart;

export const HYBRID = [
  ['XS', 150, 160],
  ['S', 158, 168],
  ['M', 166, 177],
  ['L', 175, 185],
  ['XL', 183, 196],
] as const satisfies Chart;

export const ELECTRIC = [
  ['S', 152, 168],
  ['M', 165, 180],
  ['L', 178, 195],
] as const satisfies Chart;

/** Children's bicycles are sized by wheel; a child grows through them. */
export const KIDS = [
  ['12"', 85, 100],
  ['16"', 100, 117],
  ['20"', 114, 132],
  ['24"', 130, 150],
] as const satisfies Chart;

/** The sizes a model comes in, in the chart's order, with each size's stock. */
export function sized<C extends Chart>(
  chart: C,
  stock: Partial<Record<C[number][0], number>>,
): ChartSize[] {
  const units: Partial<Record<string, number>> = stock;
  return chart.flatMap(([label, minHeightCm, maxHeightCm]) => {
    const quantity = units[label];
    return quantity === undefined ? [] : [{ label, quantity, minHeightCm, maxHeightCm }];
  });
}
