import { describe, expect, it } from 'vitest';
import { matchesSpecFilters, weightGramsToKg, weightKgToGrams } from './specs.ts';

describe('weight', () => {
  it.each<[number, number]>([
    [8.9, 8900],
    [12.3, 12300],
    [0.1, 100],
    [27, 27000],
  ])('%f kg is %i g and back', (kg, grams) => {
    expect(weightKgToGrams(kg)).toBe(grams);
    expect(weightGramsToKg(grams)).toBe(kg);
  });

  it('shows grams to one decimal of a kilogram', () => {
    expect(weightGramsToKg(8949)).toBe(8.9);
    expect(weightGramsToKg(8950)).toBe(9);
  });
});

describe('matchesSpecFilters', () => {
  const specs = {
    wheelSize: '29"',
    frameMaterial: 'Carbon',
    brakes: 'Hydraulic disc',
    suspension: 'Full',
  } as const;

  it('matches when no filter is given, or an empty one', () => {
    expect(matchesSpecFilters(specs, {})).toBe(true);
    expect(matchesSpecFilters({}, {})).toBe(true);
    expect(matchesSpecFilters(specs, { wheelSize: [] })).toBe(true);
  });

  it('matches any of the values of one filter and all filters together', () => {
    expect(matchesSpecFilters(specs, { wheelSize: ['27.5"', '29"'] })).toBe(true);
    expect(matchesSpecFilters(specs, { wheelSize: ['27.5"'] })).toBe(false);
    expect(
      matchesSpecFilters(specs, { frameMaterial: ['Carbon'], brakes: ['Hydraulic disc'] }),
    ).toBe(true);
    expect(matchesSpecFilters(specs, { frameMaterial: ['Carbon'], suspension: ['Rigid'] })).toBe(
      false,
    );
  });

  it('does not match a product that does not state the filtered spec', () => {
    expect(matchesSpecFilters({}, { brakes: ['Rim'] })).toBe(false);
    expect(matchesSpecFilters({ brakes: 'Rim' }, { suspension: ['Rigid'] })).toBe(false);
  });
});
