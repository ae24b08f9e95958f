/*
 * A frame's geometry, per size. Lengths are whole millimetres and angles degrees with at most one
 * decimal, as makers publish them. The bounds hold every bicycle from a 12" children's bicycle to
 * an XXL downhill frame and refuse typing slips (a stack of 5700, an angle of 7.3).
 */

export const GEOMETRY_FIELDS = [
  'stackMm',
  'reachMm',
  'topTubeMm',
  'seatTubeMm',
  'headAngleDeg',
  'seatAngleDeg',
  'chainstayMm',
  'wheelbaseMm',
  'standoverMm',
] as const;
export type GeometryField = (typeof GEOMETRY_FIELDS)[number];

interface GeometryFieldInfo {
  /** What people call it, for tables, form labels and messages. */
  label: string;
  unit: 'mm' | '°';
  min: number;
  max: number;
}

export const GEOMETRY_INFO: Record<GeometryField, GeometryFieldInfo> = {
  stackMm: { label: 'Stack', unit: 'mm', min: 250, max: 800 },
  reachMm: { label: 'Reach', unit: 'mm', min: 150, max: 600 },
  topTubeMm: { label: 'Top tube', unit: 'mm', min: 250, max: 750 },
  seatTubeMm: { label: 'Seat tube', unit: 'mm', min: 120, max: 700 },
  headAngleDeg: { label: 'Head angle', unit: '°', min: 60, max: 80 },
  seatAngleDeg: { label: 'Seat angle', unit: '°', min: 60, max: 80 },
  chainstayMm: { label: 'Chainstay', unit: 'mm', min: 250, max: 550 },
  wheelbaseMm: { label: 'Wheelbase', unit: 'mm', min: 600, max: 1500 },
  standoverMm: { label: 'Standover', unit: 'mm', min: 250, max: 1000 },
};

export function isAngle(field: GeometryField): boolean {
  return GEOMETRY_INFO[field].unit === '°';
}
