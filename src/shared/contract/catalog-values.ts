/**
 * The catalog's lists of values, in the order the shop lists them (and the database enums' order).
 * Kept free of zod so the store front's address rules and filter panel can use them without the
 * rest of the contract.
 */

export const CATEGORIES = [
  'Road Bicycle',
  'Mountain Bike',
  'Kids Bicycles',
  'Electric Bikes',
  'Hybrid Bicycle',
  'BMX Bike',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const STOCK_CLASSES = ['inStock', 'lowStock', 'outOfStock'] as const;
export type StockClass = (typeof STOCK_CLASSES)[number];

export const PRODUCT_SORTS = [
  '-createdAt',
  'createdAt',
  'price',
  '-price',
  'name',
  '-name',
  /** Best matches of the search term first; without a term, newest first. */
  'relevance',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const FRAME_MATERIALS = ['Aluminium', 'Carbon', 'Steel', 'Titanium'] as const;
export type FrameMaterial = (typeof FRAME_MATERIALS)[number];

/** Smallest first. */
export const WHEEL_SIZES = [
  '12"',
  '14"',
  '16"',
  '20"',
  '24"',
  '26"',
  '27.5"',
  '28"',
  '29"',
  '700c',
] as const;
export type WheelSize = (typeof WHEEL_SIZES)[number];

export const BRAKE_TYPES = ['Rim', 'Mechanical disc', 'Hydraulic disc', 'Coaster'] as const;
export type BrakeType = (typeof BRAKE_TYPES)[number];

export const SUSPENSION_TYPES = ['Rigid', 'Hardtail', 'Full'] as const;
export type SuspensionType = (typeof SUSPENSION_TYPES)[number];
