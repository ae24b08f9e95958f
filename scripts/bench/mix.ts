/**
 * The varied catalog mix: what shoppers who type, filter and page through the shop ask for. Search
 * terms come from the words of the generated catalog itself (whole words, their first letters, one
 * and two letters, typos and words no bicycle has), with every facet, the fit filter, every sort
 * and some deep pages. The same seed gives the same mix; `describeMix` says what it holds.
 */
import { CATEGORIES, PRODUCT_SORTS, STOCK_CLASSES } from '#shared/contract/product.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
} from '#shared/contract/product-sizing.ts';
import { ELECTRIC, HYBRID, KIDS, MOUNTAIN, ROAD } from '#server/db/seed/size-charts.ts';
import { catalogProducts } from '../generate-catalog.ts';

type Rand = (n: number) => number;

/** mulberry32: small, fast, and without the short cycles of the low bits of a plain LCG. */
function seeded(seed: number): Rand {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

const one = <T>(rand: Rand, values: readonly T[]): T => {
  const value = values[rand(values.length)];
  if (value === undefined) throw new Error('empty list');
  return value;
};

/**
 * Distinct words of the catalog's names (and brands, with `brands`), three letters or more, from a
 * sample of its products.
 */
function catalogWords(brands = false): string[] {
  const words = new Set<string>();
  for (const product of catalogProducts({ count: 3000, seed: 42 }))
    for (const word of `${product.name} ${brands ? product.brand : ''}`
      .toLowerCase()
      .split(/[^a-z0-9]+/))
      if (word.length >= 3) words.add(word);
  return [...words].sort();
}

/** A typing slip: two letters swapped, one dropped or one doubled. */
function typo(rand: Rand, word: string): string {
  const at = 1 + rand(Math.max(1, word.length - 2));
  switch (rand(3)) {
    case 0:
      return word.slice(0, at - 1) + (word[at] ?? '') + (word[at - 1] ?? '') + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    default:
      return word.slice(0, at) + (word[at] ?? '') + word.slice(at);
  }
}

const NO_MATCH = ['zzyzx', 'qwop', 'unicorn frame', 'xylophone', 'kayak'];

type TermKind = 'none' | 'word' | 'prefix' | 'one letter' | 'two letters' | 'typo' | 'no match';
const TERM_KINDS: readonly TermKind[] = [
  'none',
  'none',
  'none',
  'word',
  'word',
  'prefix',
  'one letter',
  'two letters',
  'typo',
  'no match',
];

function searchTerm(rand: Rand, words: readonly string[], kind: TermKind): string | undefined {
  const word = one(rand, words);
  switch (kind) {
    case 'none':
      return undefined;
    case 'word':
      return word;
    case 'prefix':
      return word.slice(0, 3 + rand(Math.max(1, word.length - 3)));
    case 'one letter':
      return word.slice(0, 1);
    case 'two letters':
      return word.slice(0, 2);
    case 'typo':
      return typo(rand, word);
    case 'no match':
      return one(rand, NO_MATCH);
  }
}

/** Every label of the size charts the generator uses: letters, road frames and wheels. */
const SIZE_LABELS = [
  ...new Set([ROAD, MOUNTAIN, HYBRID, ELECTRIC, KIDS].flatMap((chart) => chart.map(([l]) => l))),
];

export interface CatalogMix {
  paths: string[];
  /** How many requests of the mix use each kind of term, filter, sort and page depth. */
  shares: Map<string, number>;
}

/**
 * At least 1,000 different requests, so no cache holds them all. `facets` gives the same filters
 * as GET /products/facets requests (no sort, no page).
 */
export function catalogMix(count = 1200, facets = false): CatalogMix {
  const rand = seeded(42);
  const words = catalogWords();
  const paths = new Set<string>();
  const shares = new Map<string, number>();
  for (let i = 0; paths.size < count && i < count * 10; i += 1) {
    const q = new URLSearchParams();
    const kinds: string[] = [];
    const count1 = (key: string) => kinds.push(key);
    const kind = one(rand, TERM_KINDS);
    const term = searchTerm(rand, words, kind);
    if (term !== undefined) q.set('searchTerm', term);
    count1(`term: ${kind}`);
    if (rand(2) === 0) q.set('category', one(rand, CATEGORIES));
    if (rand(3) === 0) {
      const min = rand(300) * 10;
      q.set('minPrice', String(min));
      q.set('maxPrice', String(min + 100 + rand(2500)));
    }
    if (rand(4) === 0) q.set('stock', one(rand, STOCK_CLASSES));
    if (rand(5) === 0) q.append('size', one(rand, SIZE_LABELS));
    if (rand(6) === 0) q.append('wheelSize', one(rand, WHEEL_SIZES));
    if (rand(6) === 0) q.append('frameMaterial', one(rand, FRAME_MATERIALS));
    if (rand(8) === 0) q.append('brakes', one(rand, BRAKE_TYPES));
    if (rand(8) === 0) q.append('suspension', one(rand, SUSPENSION_TYPES));
    if (rand(6) === 0) {
      q.set('riderHeightCm', String(140 + rand(60)));
      if (rand(2) === 0) q.set('inseamCm', String(64 + rand(26)));
    }
    for (const key of new Set(q.keys()))
      if (key !== 'searchTerm' && key !== 'maxPrice') count1(key);
    if (!facets) {
      const sort = one(rand, PRODUCT_SORTS);
      q.set('sort', sort);
      count1(`sort: ${sort}`);
      // Most shoppers stay on the first pages; some jump far.
      const depth = rand(10);
      const page = depth < 6 ? 1 : depth < 9 ? 2 + rand(4) : 10 + rand(90);
      count1(page === 1 ? 'page 1' : page <= 5 ? 'pages 2 to 5' : 'pages 10 to 99');
      q.set('page', String(page));
      q.set('limit', '24');
    }
    const path = `/api/v1/products${facets ? '/facets' : ''}?${q.toString()}`;
    if (paths.has(path)) continue;
    paths.add(path);
    for (const key of kinds) shares.set(key, (shares.get(key) ?? 0) + 1);
  }
  return { paths: [...paths], shares };
}

/** One line: each share of the mix in percent, largest first. */
export function describeMix(mix: CatalogMix): string {
  const total = mix.paths.length;
  return [...mix.shares.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ${String(Math.round((n / total) * 100))}%`)
    .join(', ');
}

/**
 * What a rider types into the header's box, as GET /products/suggest requests: the first two
 * letters or more of a brand or model word, whole words, typos, and two words.
 */
export function suggestMix(count = 1200): string[] {
  const rand = seeded(7);
  const words = catalogWords(true);
  const paths = new Set<string>();
  for (let i = 0; paths.size < count && i < count * 10; i += 1) {
    const word = one(rand, words);
    const kind = rand(5);
    const q =
      kind === 0
        ? word
        : kind === 1
          ? typo(rand, word)
          : kind === 2
            ? `${one(rand, words)} ${word.slice(0, 3)}`
            : word.slice(0, 2 + rand(Math.max(1, word.length - 2)));
    paths.add(`/api/v1/products/suggest?${new URLSearchParams({ q }).toString()}`);
  }
  return [...paths];
}

/** Typo-tolerant searches: a slip in one brand or model word, the shop's first page. */
export function typoMix(count = 1200): string[] {
  const rand = seeded(11);
  const words = catalogWords(true).filter((word) => word.length >= 5);
  const paths = new Set<string>();
  for (let i = 0; paths.size < count && i < count * 10; i += 1) {
    const q = new URLSearchParams({ searchTerm: typo(rand, one(rand, words)), limit: '24' });
    paths.add(`/api/v1/products?${q.toString()}`);
  }
  return [...paths];
}
