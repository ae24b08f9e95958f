/**
 * npm run generate-catalog -- --count 100000 [--database-url URL] [--seed N]
 *
 * Fills a database with realistic bicycles for benchmarks: real brands and model lines per
 * category, category-typical prices, and stock that includes sold-out and low-stock items.
 * Uses DATABASE_URL (or the embedded database in DATA_DIR) unless --database-url is given.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Category } from '../src/shared/contract/product.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Executor } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import {
  bulkInsertProducts,
  type BulkProduct,
  vacuumAnalyzeProducts,
} from '../src/server/modules/products/products.repository.ts';

interface CategoryProfile {
  brands: Record<string, readonly string[]>;
  /** Typical price range in whole dollars. */
  price: readonly [number, number];
  sizes: readonly string[];
  blurb: readonly string[];
}

const catalog: Record<Category, CategoryProfile> = {
  'Road Bicycle': {
    brands: {
      Trek: ['Domane', 'Émonda', 'Madone', 'Checkpoint'],
      Specialized: ['Allez', 'Tarmac', 'Roubaix', 'Aethos'],
      Giant: ['Contend', 'TCR', 'Defy', 'Propel'],
      Canyon: ['Endurace', 'Ultimate', 'Aeroad', 'Grail'],
      Cannondale: ['CAAD13', 'SuperSix EVO', 'Synapse', 'Topstone'],
      Bianchi: ['Via Nirone', 'Sprint', 'Infinito', 'Oltre'],
      Orbea: ['Avant', 'Orca', 'Terra'],
    },
    price: [650, 9500],
    sizes: ['49 cm', '52 cm', '54 cm', '56 cm', '58 cm', '61 cm'],
    blurb: [
      'a light frame and carbon fork',
      'hydraulic disc brakes',
      'an endurance geometry for long days',
      'a race-ready position',
    ],
  },
  'Mountain Bike': {
    brands: {
      Trek: ['Marlin', 'Roscoe', 'Fuel EX', 'Slash'],
      Specialized: ['Rockhopper', 'Chisel', 'Stumpjumper', 'Epic'],
      Giant: ['Talon', 'Fathom', 'Trance', 'Reign'],
      'Santa Cruz': ['Chameleon', 'Hightower', 'Bronson', 'Nomad'],
      Scott: ['Aspect', 'Scale', 'Spark', 'Genius'],
      Kona: ['Lava Dome', 'Kahuna', 'Process', 'Honzo'],
    },
    price: [380, 8200],
    sizes: ['S', 'M', 'L', 'XL'],
    blurb: [
      'a suspension fork with lockout',
      'grippy tubeless-ready tyres',
      'a dropper post',
      'a wide-range 1x drivetrain',
    ],
  },
  'Kids Bicycles': {
    brands: {
      Woom: ['Woom 2', 'Woom 3', 'Woom 4', 'Woom 5'],
      Frog: ['Frog 44', 'Frog 52', 'Frog 62', 'Frog 69'],
      Trek: ['Precaliber', 'Wahoo'],
      Specialized: ['Hotwalk', 'Jett', 'Riprock'],
      Islabikes: ['Cnoc', 'Beinn', 'Creig'],
      Guardian: ['Ethos', 'Original'],
    },
    price: [120, 650],
    sizes: ['12 inch', '14 inch', '16 inch', '20 inch', '24 inch'],
    blurb: [
      'a low step-over frame',
      'child-sized brake levers',
      'a light alloy frame',
      'a chain guard',
    ],
  },
  'Electric Bikes': {
    brands: {
      'Rad Power': ['RadCity', 'RadRover', 'RadWagon', 'RadExpand'],
      Specialized: ['Turbo Vado', 'Turbo Como', 'Turbo Levo'],
      Giant: ['Explore E+', 'FastRoad E+', 'Trance X E+'],
      Cube: ['Kathmandu Hybrid', 'Reaction Hybrid', 'Supreme Hybrid'],
      'Riese & Müller': ['Load', 'Charger', 'Nevo'],
      Gazelle: ['Ultimate', 'Arroyo', 'Medeo'],
    },
    price: [900, 7800],
    sizes: ['S', 'M', 'L'],
    blurb: [
      'a mid-drive motor',
      'a removable battery',
      'integrated lights',
      'a rear rack for real loads',
    ],
  },
  'Hybrid Bicycle': {
    brands: {
      Trek: ['FX', 'Dual Sport', 'Verve'],
      Specialized: ['Sirrus', 'Crossroads'],
      Giant: ['Escape', 'Roam', 'Cypress'],
      Cannondale: ['Quick', 'Treadwell', 'Adventure'],
      Marin: ['Fairfax', 'Kentfield', 'Larkspur'],
      Raleigh: ['Cadent', 'Redux'],
    },
    price: [300, 1900],
    sizes: ['S', 'M', 'L', 'XL'],
    blurb: [
      'flat bars and an upright fit',
      'puncture-resistant tyres',
      'mounts for racks and fenders',
      'easy gearing',
    ],
  },
  'BMX Bike': {
    brands: {
      Haro: ['Downtown', 'Leucadia', 'Annex', 'Premium'],
      Mongoose: ['Legion', 'Title', 'Switchback'],
      'We The People': ['Arcade', 'CRS', 'Envy'],
      Kink: ['Launch', 'Curb', 'Gap'],
      Sunday: ['Primer', 'Scout', 'Blueprint'],
      'Fit Bike Co.': ['Series One', 'STR', 'PRK'],
    },
    price: [220, 1100],
    sizes: ['20.5 in top tube', '20.75 in top tube', '21 in top tube'],
    blurb: ['a chromoly frame', 'sealed bearings', 'a 25/9 gearing', 'removable brake mounts'],
  },
};

const EDITIONS = [
  '',
  '',
  ' Sport',
  ' Comp',
  ' Pro',
  ' Elite',
  ' SL',
  ' Expert',
  ' Gen 2',
  ' Gen 3',
  ' Plus',
];
const COLOURS = [
  'Matte Black',
  'Gloss White',
  'Racing Red',
  'Deep Blue',
  'Forest Green',
  'Slate Grey',
  'Sunset Orange',
  'Sand',
];
const CATEGORIES = Object.keys(catalog) as Category[];

/** A small deterministic generator (mulberry32): the same seed gives the same catalog. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('cannot pick from an empty list');
  return item;
}

/** About 8% sold out, 12% low stock (1-4), the rest 5 to 60 units. */
function stock(rnd: () => number): number {
  const roll = rnd();
  if (roll < 0.08) return 0;
  if (roll < 0.2) return 1 + Math.floor(rnd() * 4);
  return 5 + Math.floor(rnd() * 56);
}

/** A price inside the category's range, skewed to the cheaper end, ending in .00, .50 or .99. */
function priceCents(rnd: () => number, [low, high]: readonly [number, number]): number {
  const dollars = Math.floor(low + (high - low) * rnd() ** 2);
  const cents = pick(rnd, [0, 0, 50, 99, 99]);
  return dollars * 100 + cents;
}

export function generateProduct(rnd: () => number, createdAt: Date): BulkProduct {
  const category = pick(rnd, CATEGORIES);
  const profile = catalog[category];
  const brand = pick(rnd, Object.keys(profile.brands));
  const model = pick(rnd, profile.brands[brand] ?? ['Classic']);
  const number = 1 + Math.floor(rnd() * 9);
  const colour = pick(rnd, COLOURS);
  // Models that already carry a number (Woom 3, CAAD13) take no second one.
  const numbered = /\d$/.test(model) ? model : `${model} ${String(number)}`;
  const name = `${numbered}${pick(rnd, EDITIONS)} ${colour}`;
  const size = pick(rnd, profile.sizes);
  const description =
    `The ${brand} ${numbered} in ${colour.toLowerCase()}, size ${size}, ` +
    `with ${pick(rnd, profile.blurb)} and ${pick(rnd, profile.blurb)}.`;
  return {
    name,
    brand,
    category,
    priceCents: priceCents(rnd, profile.price),
    quantity: stock(rnd),
    description,
    imageKey: null,
    createdAt: createdAt.toISOString(),
  };
}

export interface GenerateOptions {
  count: number;
  /** Same seed, same catalog. */
  seed?: number;
  /** Products per INSERT statement. */
  batchSize?: number;
  /** Creation times spread over the two years before this moment. */
  now?: Date;
  onProgress?: (inserted: number) => void;
}

const TWO_YEARS_MS = 2 * 365 * 24 * 3_600_000;

/** The catalog's products in creation order, oldest first; the same options give the same products. */
export function* catalogProducts(
  options: Pick<GenerateOptions, 'count' | 'seed' | 'now'>,
): Generator<BulkProduct> {
  const rnd = random(options.seed ?? 42);
  const end = (options.now ?? new Date()).getTime();
  for (let position = 0; position < options.count; position += 1) {
    // Creation times spread evenly, so ids and dates grow together as in a real shop.
    const at = end - TWO_YEARS_MS + Math.floor((TWO_YEARS_MS * position) / options.count);
    yield generateProduct(rnd, new Date(at));
  }
}

/** Inserts `count` generated products in batches; returns how many were inserted. */
export async function generateCatalog(db: Executor, options: GenerateOptions): Promise<number> {
  const batchSize = options.batchSize ?? 5000;
  let inserted = 0;
  let batch: BulkProduct[] = [];
  const flush = async () => {
    inserted += await bulkInsertProducts(db, batch);
    batch = [];
    options.onProgress?.(inserted);
  };
  for (const product of catalogProducts(options)) {
    batch.push(product);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return inserted;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      'database-url': { type: 'string' },
      seed: { type: 'string', default: '42' },
    },
  });
  const args = z
    .object({
      count: z.coerce
        .number({ error: '--count must be a number' })
        .int('--count must be a whole number')
        .min(1, '--count must be at least 1')
        .max(10_000_000),
      seed: z.coerce
        .number({ error: '--seed must be a number' })
        .int('--seed must be a whole number'),
      'database-url': z
        .string()
        .regex(/^postgres(ql)?:\/\//, '--database-url must be a postgres:// URL')
        .optional(),
    })
    .safeParse(values);
  if (!args.success) {
    process.stderr.write(`${args.error.issues.map((i) => i.message).join('\n')}\n`);
    process.stderr.write(
      'Usage: npm run generate-catalog -- --count 100000 [--database-url URL] [--seed N]\n',
    );
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const databaseUrl = args.data['database-url'] ?? config.databaseUrl;
  const database = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : config.dataDir,
  });
  try {
    await migrateDatabase(database);
    const started = performance.now();
    const count = await generateCatalog(database.db, {
      count: args.data.count,
      seed: args.data.seed,
      onProgress: (n) => {
        if (process.stdout.isTTY)
          process.stdout.write(`\r${String(n)} / ${String(args.data.count)} products`);
      },
    });
    await vacuumAnalyzeProducts(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
    process.stdout.write(`\nInserted ${String(count)} products into ${where} in ${seconds} s.\n`);
  } finally {
    await database.close();
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) await main();
