import { describe, expect, it } from 'vitest';
import { specRows } from './spec-rows.ts';

describe('the spec table rows', () => {
  it('lists only the stated specs, with their units', () => {
    expect(specRows({ gears: 1, weightKg: 9.25, travelMm: 120 }, 'BMX Bike')).toEqual([
      { label: 'Gears', value: '1' },
      { label: 'Weight', value: '9.3 kg' },
      { label: 'Suspension travel', value: '120 mm' },
    ]);
    expect(specRows(undefined, 'Road Bicycle')).toEqual([]);
  });

  it('adds motor, battery and range for an e-bike only', () => {
    const specs = { motorTorqueNm: 85, batteryWh: 625, rangeKm: 120 };
    expect(specRows(specs, 'Electric Bikes').map((r) => r.value)).toEqual([
      '85 Nm',
      '625 Wh',
      '120 km',
    ]);
    expect(specRows(specs, 'Hybrid Bicycle')).toEqual([]);
  });
});
