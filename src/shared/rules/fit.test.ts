import { describe, expect, it } from 'vitest';
import type { Category } from '../contract/product.ts';
import {
  cmToFeetAndInches,
  cmToInches,
  feetAndInchesToCm,
  fitAlternativeCategory,
  fitCandidates,
  fitsInStock,
  formatFit,
  inchesToCm,
  recommendFit,
  recommendedSizeLabel,
  type FitRecommendation,
  type HeightRange,
  type Rider,
} from './fit.ts';

/** A size chart written as riders read one: "label min–max" in cm, sizes split by "|". */
const chart = (text: string): HeightRange[] =>
  text.split(' | ').map((size) => {
    const match = /^(.+) (\d+)–(\d+)$/.exec(size);
    if (!match) throw new Error(`not a chart entry: ${size}`);
    return { label: match[1]!, minHeightCm: Number(match[2]), maxHeightCm: Number(match[3]) };
  });

/** A mountain bike chart: neighbours overlap by 2 to 4 cm. */
const mountain = chart('XS 150–162 | S 158–170 | M 168–180 | L 178–190 | XL 188–200');
/** A road chart in frame centimetres. */
const road = chart(
  '49 cm 155–165 | 52 cm 162–172 | 54 cm 170–178 | 56 cm 176–184 | 58 cm 182–190 | 61 cm 188–198',
);
/** Kids' wheels with gaps between the ranges. */
const kids = chart('12" 85–100 | 16" 105–120 | 20" 115–135 | 24" 130–150');

const size = (label: string): FitRecommendation => ({ kind: 'size', label });
const between = (smaller: string, larger: string): FitRecommendation => ({
  kind: 'between',
  smaller,
  larger,
});
const none = (reason: 'too-short' | 'too-tall'): FitRecommendation => ({ kind: 'none', reason });

describe('recommendFit', () => {
  it.each<[string, readonly HeightRange[], Rider, FitRecommendation]>([
    ['no sizes: one size', [], { heightCm: 175 }, { kind: 'one-size' }],
    ['inside one range only', mountain, { heightCm: 165 }, size('S')],
    ['on the lowest bound of the smallest size', mountain, { heightCm: 150 }, size('XS')],
    ['on the highest bound of the largest size', mountain, { heightCm: 200 }, size('XL')],
    ['in the overlap of two sizes', mountain, { heightCm: 160 }, between('XS', 'S')],
    ['on the shared edge of an overlap', mountain, { heightCm: 162 }, between('XS', 'S')],
    [
      'one range when the inseam is given but only one fits',
      mountain,
      { heightCm: 175, inseamCm: 60 },
      size('M'),
    ],
    // XS and S: centres 156 and 164, boundary 160, an average rider there has an 72 cm inseam.
    ['short legs pick the smaller of two', mountain, { heightCm: 160, inseamCm: 70 }, size('XS')],
    ['legs at the boundary pick the larger', mountain, { heightCm: 160, inseamCm: 72 }, size('S')],
    ['long legs pick the larger of two', mountain, { heightCm: 161, inseamCm: 78 }, size('S')],
    ['below every range', mountain, { heightCm: 140 }, none('too-short')],
    ['above every range', mountain, { heightCm: 205 }, none('too-tall')],
    ['a child on a road bike', road, { heightCm: 120 }, none('too-short')],
    ['road frames in centimetres', road, { heightCm: 174 }, size('54 cm')],
    ['between two road frames', road, { heightCm: 177 }, between('54 cm', '56 cm')],
    // 12" and 16": centres 92.5 and 112.5, boundary 102.5, threshold inseam 46.1 cm.
    ['in a gap between two ranges', kids, { heightCm: 102 }, between('12"', '16"')],
    ['in a gap, short legs', kids, { heightCm: 102, inseamCm: 44 }, size('12"')],
    ['in a gap, long legs', kids, { heightCm: 102, inseamCm: 47 }, size('16"')],
    ['a child for a 20 inch wheel', kids, { heightCm: 125 }, size('20"')],
    ['a toddler below the smallest wheel', kids, { heightCm: 80 }, none('too-short')],
    ['a teenager above the largest wheel', kids, { heightCm: 160 }, none('too-tall')],
    [
      'sizes listed out of order are still read smallest first',
      [mountain[2]!, mountain[0]!, mountain[1]!],
      { heightCm: 169 },
      between('S', 'M'),
    ],
    [
      'three ranges hold the height: the two with the nearest centres',
      chart('A 150–190 | B 165–195 | C 175–215'),
      { heightCm: 178 },
      between('A', 'B'),
    ],
    ['a single size that fits', chart('One 150–195'), { heightCm: 180 }, size('One')],
    ['a single size that does not', chart('One 150–195'), { heightCm: 200 }, none('too-tall')],
  ])('%s', (_name, sizes, rider, expected) => {
    expect(recommendFit(sizes, rider)).toEqual(expected);
  });

  it('treats a missing or null inseam alike', () => {
    expect(recommendFit(mountain, { heightCm: 160, inseamCm: null })).toEqual(between('XS', 'S'));
    expect(recommendFit(mountain, { heightCm: 160, inseamCm: undefined })).toEqual(
      between('XS', 'S'),
    );
  });

  it('always names a size of the product, for every height and inseam', () => {
    const labels = new Set(mountain.map((s) => s.label));
    for (let heightCm = 80; heightCm <= 230; heightCm += 1)
      for (const inseamCm of [undefined, 30, 60, 75, 90, 120]) {
        const fit = recommendFit(mountain, { heightCm, inseamCm });
        for (const label of fitCandidates(fit)) expect(labels.has(label)).toBe(true);
        if (heightCm >= 150 && heightCm <= 200) expect(fit.kind).not.toBe('none');
        if (inseamCm !== undefined) expect(fit.kind).not.toBe('between');
      }
  });

  it('never recommends a smaller size to a rider with longer legs', () => {
    const order = mountain.map((s) => s.label);
    for (let heightCm = 150; heightCm <= 200; heightCm += 1) {
      let previous = -1;
      for (let inseamCm = 50; inseamCm <= 100; inseamCm += 1) {
        const label = recommendedSizeLabel(mountain, { heightCm, inseamCm });
        const index = label === null ? -1 : order.indexOf(label);
        expect(index).toBeGreaterThanOrEqual(previous);
        previous = index;
      }
    }
  });
});

describe('recommendedSizeLabel', () => {
  it.each<[Rider, string | null]>([
    [{ heightCm: 165 }, 'S'],
    [{ heightCm: 160 }, null],
    [{ heightCm: 160, inseamCm: 70 }, 'XS'],
    [{ heightCm: 140 }, null],
  ])('%o gives %s', (rider, expected) => {
    expect(recommendedSizeLabel(mountain, rider)).toBe(expected);
  });

  it('is null for a one-size product', () => {
    expect(recommendedSizeLabel([], { heightCm: 175 })).toBeNull();
  });
});

describe('fitsInStock (the fit filter)', () => {
  const stocked = mountain.map((s) => ({ ...s, quantity: s.label === 'S' ? 0 : 3 }));

  it.each<[Rider, boolean]>([
    [{ heightCm: 155 }, true],
    [{ heightCm: 165 }, false],
    [{ heightCm: 160 }, true],
    [{ heightCm: 161, inseamCm: 78 }, false],
    [{ heightCm: 140 }, false],
  ])('%o: %s', (rider, expected) => {
    expect(fitsInStock(stocked, rider)).toBe(expected);
  });

  it('leaves out a rider in a gap of the chart: no size is made for that height', () => {
    const stockedKids = kids.map((s) => ({ ...s, quantity: 2 }));
    expect(fitsInStock(stockedKids, { heightCm: 102 })).toBe(false);
    expect(fitsInStock(stockedKids, { heightCm: 102, inseamCm: 47 })).toBe(false);
  });

  it('leaves out one-size products, which name no rider heights', () => {
    expect(fitsInStock([], { heightCm: 175 })).toBe(false);
  });
});

describe('formatFit', () => {
  it.each<[FitRecommendation, Category, string]>([
    [size('M'), 'Mountain Bike', 'Your size: M'],
    [size('54 cm'), 'Road Bicycle', 'Your size: 54 cm'],
    [between('S', 'M'), 'Hybrid Bicycle', 'Between S and M'],
    [{ kind: 'one-size' }, 'BMX Bike', 'One size'],
    [
      none('too-short'),
      'Road Bicycle',
      'This bicycle is too big for you: have a look at our Kids Bicycles.',
    ],
    [none('too-short'), 'Kids Bicycles', 'This bicycle is too big for you.'],
    [none('too-tall'), 'Kids Bicycles', 'This bicycle is too small for you.'],
    [none('too-tall'), 'Road Bicycle', 'This bicycle is too small for you.'],
  ])('%o on a %s: %s', (fit, category, text) => {
    expect(formatFit(fit, category)).toBe(text);
  });

  it('points a rider too short for a grown-up bicycle to Kids Bicycles', () => {
    const fit = recommendFit(road, { heightCm: 120 });
    expect(fitAlternativeCategory(fit, 'Road Bicycle')).toBe('Kids Bicycles');
    expect(fitAlternativeCategory(fit, 'Kids Bicycles')).toBeNull();
    expect(fitAlternativeCategory(none('too-tall'), 'Road Bicycle')).toBeNull();
    expect(fitAlternativeCategory(size('M'), 'Road Bicycle')).toBeNull();
  });
});

describe('feet and inches', () => {
  it.each<[number, number, number]>([
    [5, 9, 175],
    [6, 0, 183],
    [4, 0, 122],
    [5, 0, 152],
    [6, 6, 198],
  ])('%i ft %i in is %i cm', (feet, inches, cm) => {
    expect(feetAndInchesToCm(feet, inches)).toBe(cm);
    expect(cmToFeetAndInches(cm)).toEqual({ feet, inches });
  });

  it('converts an inseam in inches', () => {
    expect(inchesToCm(32)).toBe(81);
    expect(inchesToCm(28.5)).toBe(72);
    expect(cmToInches(81)).toBe(32);
  });

  it('reads feet alone', () => {
    expect(feetAndInchesToCm(6)).toBe(183);
  });
});
