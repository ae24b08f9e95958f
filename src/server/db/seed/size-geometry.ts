import type { Category } from '#shared/contract/product.ts';
import { GEOMETRY_FIELDS, type ProductGeometry } from '#shared/contract/product-geometry.ts';
import { ELECTRIC, HYBRID, KIDS, MOUNTAIN, ROAD, type Chart } from './size-charts.ts';

/*
 * Geometry of the kind makers publish for each size of the demo charts: an endurance road frame,
 * a modern trail hardtail, a city hybrid, a mid-drive e-bike and children's bicycles by wheel.
 * Columns follow GEOMETRY_FIELDS; rows follow the chart, smallest size first, so frames grow with
 * the size.
 */
type Columns = readonly (readonly number[])[];

// stack, reach, top tube, seat tube, head angle, seat angle, chainstay, wheelbase, standover
const TABLES: Partial<Record<Category, { chart: Chart; rows: Columns }>> = {
  'Road Bicycle': {
    chart: ROAD,
    rows: [
      [530, 370, 510, 465, 71, 74.5, 410, 975, 720],
      [550, 378, 530, 495, 72, 74, 410, 980, 745],
      [567, 383, 545, 515, 72.5, 73.5, 410, 985, 765],
      [586, 388, 560, 535, 73, 73.5, 410, 992, 785],
      [605, 393, 575, 555, 73.2, 73, 412, 1002, 805],
      [628, 400, 595, 585, 73.5, 72.5, 415, 1018, 830],
    ],
  },
  'Mountain Bike': {
    chart: MOUNTAIN,
    rows: [
      [590, 400, 560, 360, 65.5, 76.5, 435, 1135, 700],
      [605, 425, 585, 390, 65.5, 76.5, 435, 1165, 720],
      [614, 450, 610, 420, 65.5, 77, 437, 1195, 735],
      [628, 475, 635, 450, 65.5, 77, 440, 1225, 750],
      [642, 500, 662, 480, 65.5, 77.5, 442, 1258, 765],
    ],
  },
  'Hybrid Bicycle': {
    chart: HYBRID,
    rows: [
      [560, 365, 530, 380, 70, 74, 445, 1045, 700],
      [580, 375, 550, 420, 70.5, 73.5, 445, 1060, 730],
      [600, 385, 575, 460, 71, 73, 445, 1075, 760],
      [620, 395, 600, 500, 71.5, 73, 445, 1090, 790],
      [640, 405, 625, 540, 71.5, 72.5, 445, 1108, 820],
    ],
  },
  'Electric Bikes': {
    chart: ELECTRIC,
    rows: [
      [610, 400, 580, 440, 68.5, 74.5, 475, 1155, 740],
      [635, 420, 610, 490, 69, 74.5, 475, 1180, 780],
      [660, 440, 640, 540, 69, 74, 475, 1205, 820],
    ],
  },
  'Kids Bicycles': {
    chart: KIDS,
    rows: [
      [300, 200, 340, 180, 68, 72, 280, 690, 360],
      [350, 245, 420, 230, 69, 72, 320, 790, 450],
      [410, 300, 490, 290, 70, 73, 370, 900, 560],
      [470, 345, 540, 340, 70.5, 73.5, 410, 990, 640],
    ],
  },
};

/** The demo geometry of a size of a bicycle of this category, or null when there is none. */
export function demoGeometry(category: Category, label: string): ProductGeometry | null {
  const table = TABLES[category];
  const index = table?.chart.findIndex(([chartLabel]) => chartLabel === label) ?? -1;
  const row = index < 0 ? undefined : table?.rows[index];
  if (!row) return null;
  const geometry: ProductGeometry = {};
  GEOMETRY_FIELDS.forEach((field, column) => {
    const value = row[column];
    if (value !== undefined) geometry[field] = value;
  });
  return geometry;
}
