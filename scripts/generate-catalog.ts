/**
 * npm run generate-catalog -- --count 100000 [--database-url URL] [--seed N]
 *
 * Fills a database with realistic bicycles for benchmarks: real brands and model lines per
 * category, category-typical prices, specs and sizes with rider heights, and stock that includes
 * sold-out and low-stock items and sold-out sizes.
 * Uses DATABASE_URL (or the embedded database in DATA_DIR) unless --database-url is given.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Category } from '../src/shared/contract/product.ts';
import {
  WHEEL_SIZES,
  type BrakeType,
  type FrameMaterial,
  type ProductSpecs,
  type SuspensionType,
  type WheelSize,
} from '../src/shared/contract/product-sizing.ts';
import { weightKgToGrams } from '../src/shared/rules/specs.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Executor } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { productSizes, products } from '../src/server/db/schema.ts';
import {
  ELECTRIC,
  HYBRID,
  KIDS,
  MOUNTAIN,
  ROAD,
  type Chart,
  type ChartSize,
} from '../src/server/db/seed/size-charts.ts';

type Rnd = () => number;

interface CategoryProfile {
  brands: Record<string, readonly string[]>;
  /** Typical price range in whole dollars. */
  price: readonly [number, number];
  /** The sizes one model comes in, from the category's chart; none for a one-size bicycle. */
  sizing: (rnd: Rnd) => Chart;
  specs: (rnd: Rnd, sizing: Chart) => ProductSpecs;
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
    sizing: (rnd) => run(rnd, ROAD, 4),
    specs: roadSpecs,
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
    sizing: (rnd) => run(rnd, MOUNTAIN, 3),
    specs: mountainSpecs,
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
    // Most models have one wheel size; some lines are sold in two to four.
    sizing: (rnd) => (rnd() < 0.55 ? run(rnd, KIDS, 1, 1) : run(rnd, KIDS, 2)),
    specs: kidsSpecs,
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
    // Folding and cargo e-bikes come in one size.
    sizing: (rnd) => (rnd() < 0.12 ? [] : ELECTRIC),
    specs: electricSpecs,
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
    sizing: (rnd) => run(rnd, HYBRID, 3),
    specs: hybridSpecs,
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
    sizing: () => [],
    specs: bmxSpecs,
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
function stock(rnd: Rnd): number {
  const roll = rnd();
  if (roll < 0.08) return 0;
  if (roll < 0.2) return 1 + Math.floor(rnd() * 4);
  return 5 + Math.floor(rnd() * 56);
}

/** A price inside the category's range, skewed to the cheaper end, ending in .00, .50 or .99. */
function priceCents(rnd: Rnd, [low, high]: readonly [number, number]): number {
  const dollars = Math.floor(low + (high - low) * rnd() ** 2);
  const cents = pick(rnd, [0, 0, 50, 99, 99]);
  return dollars * 100 + cents;
}

/** One of the values, each as likely as its weight. */
function weighted<T>(rnd: Rnd, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rnd() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('cannot choose from an empty list');
  return last[0];
}

/** A run of neighbouring sizes of a chart: a model is rarely made in every size. */
function run(rnd: Rnd, chart: Chart, shortest: number, longest = chart.length): Chart {
  const length = shortest + Math.floor(rnd() * (longest - shortest + 1));
  const start = Math.floor(rnd() * (chart.length - length + 1));
  return chart.slice(start, start + length);
}

/** Kilograms with one decimal, around `base`, give or take `spread` / 2. */
function kg(rnd: Rnd, base: number, spread: number): number {
  return Math.round((base + (rnd() - 0.5) * spread) * 10) / 10;
}

const DISC_BRAKES: readonly (readonly [BrakeType, number])[] = [
  ['Hydraulic disc', 85],
  ['Mechanical disc', 15],
];

function roadSpecs(rnd: Rnd): ProductSpecs {
  const frameMaterial = weighted<FrameMaterial>(rnd, [
    ['Aluminium', 55],
    ['Carbon', 38],
    ['Steel', 4],
    ['Titanium', 3],
  ]);
  const base = { Aluminium: 9.8, Carbon: 8, Steel: 10.6, Titanium: 8.8 }[frameMaterial];
  return {
    frameMaterial,
    wheelSize: '700c',
    gears: pick(rnd, [16, 18, 20, 22, 22, 24, 24]),
    weightKg: kg(rnd, base, 1.6),
    brakes: weighted<BrakeType>(rnd, [
      ['Rim', 25],
      ['Mechanical disc', 15],
      ['Hydraulic disc', 60],
    ]),
    suspension: 'Rigid',
  };
}

function mountainSpecs(rnd: Rnd): ProductSpecs {
  const suspension: SuspensionType = rnd() < 0.55 ? 'Hardtail' : 'Full';
  const frameMaterial = weighted<FrameMaterial>(rnd, [
    ['Aluminium', 65],
    ['Carbon', 30],
    ['Steel', 4],
    ['Titanium', 1],
  ]);
  const base = (suspension === 'Full' ? 15 : 13.8) - (frameMaterial === 'Carbon' ? 1.3 : 0);
  return {
    frameMaterial,
    wheelSize: weighted<WheelSize>(rnd, [
      ['29"', 60],
      ['27.5"', 35],
      ['26"', 5],
    ]),
    gears: pick(rnd, [9, 10, 11, 12, 12, 12]),
    weightKg: kg(rnd, base, 1.6),
    brakes: weighted(rnd, DISC_BRAKES),
    suspension,
    travelMm:
      suspension === 'Full'
        ? pick(rnd, [100, 120, 130, 140, 150, 160, 170])
        : pick(rnd, [80, 100, 100, 120]),
  };
}

/** A kids' line sold in several wheel sizes states no one wheel size: its sizes name them. */
function kidsSpecs(rnd: Rnd, sizing: Chart): ProductSpecs {
  const wheels = sizing.map(([label]) => WHEEL_SIZES.find((wheel) => wheel === label));
  const largest = wheels.at(-1);
  const single = wheels.length === 1 ? wheels[0] : undefined;
  const frameMaterial = weighted<FrameMaterial>(rnd, [
    ['Aluminium', 70],
    ['Steel', 30],
  ]);
  const gears =
    largest === '24"' ? pick(rnd, [7, 8, 9]) : largest === '20"' ? pick(rnd, [1, 7, 8]) : 1;
  const small = largest === '12"' || largest === '16"';
  const suspension: SuspensionType = largest === '24"' && rnd() < 0.3 ? 'Hardtail' : 'Rigid';
  const weights: Partial<Record<WheelSize, number>> = { '12"': 4.5, '16"': 6, '20"': 8, '24"': 10 };
  const weight = single && weights[single];
  return {
    frameMaterial,
    ...(single ? { wheelSize: single } : {}),
    gears,
    ...(weight ? { weightKg: kg(rnd, weight + (frameMaterial === 'Steel' ? 1.5 : 0), 1.2) } : {}),
    brakes: small
      ? weighted<BrakeType>(rnd, [
          ['Coaster', 50],
          ['Rim', 50],
        ])
      : weighted<BrakeType>(rnd, [
          ['Rim', 70],
          ['Mechanical disc', 30],
        ]),
    suspension,
    ...(suspension === 'Hardtail' ? { travelMm: pick(rnd, [50, 63]) } : {}),
  };
}

function electricSpecs(rnd: Rnd, sizing: Chart): ProductSpecs {
  const oneSize = sizing.length === 0;
  const suspension = weighted<SuspensionType>(rnd, [
    ['Rigid', 25],
    ['Hardtail', 50],
    ['Full', 25],
  ]);
  const batteryWh = pick(rnd, [400, 418, 500, 540, 625, 630, 710, 750, 800]);
  return {
    frameMaterial: rnd() < 0.9 ? 'Aluminium' : 'Carbon',
    wheelSize: oneSize
      ? pick<WheelSize>(rnd, ['20"', '24"'])
      : weighted<WheelSize>(rnd, [
          ['27.5"', 30],
          ['28"', 25],
          ['29"', 20],
          ['700c', 25],
        ]),
    gears: pick(rnd, [7, 8, 9, 10, 11, 12]),
    weightKg: kg(rnd, suspension === 'Full' ? 27.5 : 25.5, 8),
    brakes: weighted<BrakeType>(rnd, [
      ['Hydraulic disc', 80],
      ['Mechanical disc', 20],
    ]),
    suspension,
    ...(suspension === 'Rigid'
      ? {}
      : {
          travelMm:
            suspension === 'Full'
              ? pick(rnd, [120, 140, 150, 160])
              : pick(rnd, [50, 60, 63, 80, 100]),
        }),
    motorTorqueNm:
      suspension === 'Full' ? pick(rnd, [75, 85, 90]) : pick(rnd, [40, 50, 55, 60, 65, 70, 75, 85]),
    batteryWh,
    // 6 to 10 Wh a kilometre, by assistance level, terrain and load.
    rangeKm: Math.round(batteryWh / (6 + rnd() * 4)),
  };
}

function hybridSpecs(rnd: Rnd): ProductSpecs {
  const frameMaterial = weighted<FrameMaterial>(rnd, [
    ['Aluminium', 82],
    ['Steel', 12],
    ['Carbon', 6],
  ]);
  const suspension: SuspensionType = rnd() < 0.75 ? 'Rigid' : 'Hardtail';
  const base = { Aluminium: 12, Steel: 13, Carbon: 10.5, Titanium: 11 }[frameMaterial];
  return {
    frameMaterial,
    wheelSize: weighted<WheelSize>(rnd, [
      ['700c', 65],
      ['28"', 28],
      ['27.5"', 7],
    ]),
    gears: pick(rnd, [7, 8, 9, 10, 16, 18, 21, 24, 27]),
    weightKg: kg(rnd, base + (suspension === 'Hardtail' ? 1.5 : 0), 2),
    brakes: weighted<BrakeType>(rnd, [
      ['Rim', 25],
      ['Mechanical disc', 35],
      ['Hydraulic disc', 40],
    ]),
    suspension,
    ...(suspension === 'Hardtail' ? { travelMm: pick(rnd, [50, 63, 75]) } : {}),
  };
}

/** Some street and park BMX bikes are ridden without brakes. */
function bmxSpecs(rnd: Rnd): ProductSpecs {
  return {
    frameMaterial: rnd() < 0.85 ? 'Steel' : 'Aluminium',
    wheelSize: weighted<WheelSize>(rnd, [
      ['20"', 88],
      ['24"', 8],
      ['26"', 4],
    ]),
    gears: 1,
    weightKg: kg(rnd, 11.2, 2.4),
    ...(rnd() < 0.7 ? { brakes: 'Rim' as const } : {}),
    suspension: 'Rigid',
  };
}

/**
 * Spreads a bicycle's units over its sizes. Some sizes of a bicycle in stock are sold out (the
 * shop strikes them through); the total is unchanged, so the stock classes keep their shares.
 */
function sizeStock(rnd: Rnd, sizing: Chart, total: number): ChartSize[] {
  if (sizing.length === 0) return [];
  // Makers' charts differ by a centimetre or two.
  const shift = Math.floor(rnd() * 5) - 2;
  const sizes = sizing.map(([label, minHeightCm, maxHeightCm]) => ({
    label,
    quantity: 0,
    minHeightCm: minHeightCm + shift,
    maxHeightCm: maxHeightCm + shift,
  }));
  const open = sizes.filter(() => rnd() >= 0.15);
  const receiving = open.length > 0 ? open : sizes;
  for (let unit = 0; unit < total; unit += 1) pick(rnd, receiving).quantity += 1;
  return sizes;
}

/** A generated bicycle: everything but the id, with both timestamps equal. */
export interface GeneratedProduct {
  name: string;
  brand: string;
  category: Category;
  priceCents: number;
  /** For a sized bicycle, the sum of its sizes. */
  quantity: number;
  description: string;
  imageKey: string | null;
  createdAt: string;
  specs: ProductSpecs;
  /** Smallest first; empty for a one-size bicycle. */
  sizes: ChartSize[];
}

export function generateProduct(rnd: Rnd, createdAt: Date): GeneratedProduct {
  const category = pick(rnd, CATEGORIES);
  const profile = catalog[category];
  const brand = pick(rnd, Object.keys(profile.brands));
  const model = pick(rnd, profile.brands[brand] ?? ['Classic']);
  const number = 1 + Math.floor(rnd() * 9);
  const colour = pick(rnd, COLOURS);
  // Models that already carry a number (Woom 3, CAAD13) take no second one.
  const numbered = /\d$/.test(model) ? model : `${model} ${String(number)}`;
  const name = `${numbered}${pick(rnd, EDITIONS)} ${colour}`;
  const description =
    `The ${brand} ${numbered} in ${colour.toLowerCase()}, ` +
    `with ${pick(rnd, profile.blurb)} and ${pick(rnd, profile.blurb)}.`;
  const quantity = stock(rnd);
  const sizing = profile.sizing(rnd);
  return {
    name,
    brand,
    category,
    priceCents: priceCents(rnd, profile.price),
    quantity,
    description,
    imageKey: null,
    createdAt: createdAt.toISOString(),
    specs: profile.specs(rnd, sizing),
    sizes: sizeStock(rnd, sizing, quantity),
  };
}

export interface GenerateOptions {
  count: number;
  /** Same seed, same catalog. */
  seed?: number;
  /** Products per INSERT statement. */
  batchSize?: number;
  /**
   * Writes each bicycle's size chart (on by default). Off, a sized bicycle goes in as one size
   * holding the sum of its sizes: a lighter load for tests that look only at the product rows.
   */
  withSizes?: boolean;
  /** Creation times spread over the two years before this moment. */
  now?: Date;
  onProgress?: (inserted: number) => void;
}

const TWO_YEARS_MS = 2 * 365 * 24 * 3_600_000;

/** The catalog's products in creation order, oldest first; the same options give the same products. */
export function* catalogProducts(
  options: Pick<GenerateOptions, 'count' | 'seed' | 'now'>,
): Generator<GeneratedProduct> {
  const rnd = random(options.seed ?? 42);
  const end = (options.now ?? new Date()).getTime();
  for (let position = 0; position < options.count; position += 1) {
    // Creation times spread evenly, so ids and dates grow together as in a real shop.
    const at = end - TWO_YEARS_MS + Math.floor((TWO_YEARS_MS * position) / options.count);
    yield generateProduct(rnd, new Date(at));
  }
}

/**
 * Inserts products and their sizes in one statement with two JSON parameters, which stays far
 * below the bind-parameter limit and is much faster than a VALUES list for large batches. Each
 * product's id is drawn once in the first step, so its sizes can name it by position. A sized
 * product arrives with the sum of its sizes already, and with its fit cells and sizes in stock
 * computed from the same size rows by the function the sizes trigger uses (migration 0030), so
 * that trigger changes nothing: each product is written once, not once more by the trigger.
 */
async function insertBatch(
  db: Executor,
  batch: readonly GeneratedProduct[],
  withSizes: boolean,
): Promise<number> {
  if (batch.length === 0) return 0;
  const productsJson = JSON.stringify(
    batch.map((p) => ({
      name: p.name,
      brand: p.brand,
      category: p.category,
      price_cents: p.priceCents,
      quantity: p.quantity,
      description: p.description,
      image_key: p.imageKey,
      created_at: p.createdAt,
      frame_material: p.specs.frameMaterial ?? null,
      wheel_size: p.specs.wheelSize ?? null,
      gears: p.specs.gears ?? null,
      weight_grams: p.specs.weightKg === undefined ? null : weightKgToGrams(p.specs.weightKg),
      brakes: p.specs.brakes ?? null,
      suspension: p.specs.suspension ?? null,
      travel_mm: p.specs.travelMm ?? null,
      motor_torque_nm: p.specs.motorTorqueNm ?? null,
      battery_wh: p.specs.batteryWh ?? null,
      range_km: p.specs.rangeKm ?? null,
    })),
  );
  const sizesJson = JSON.stringify(
    batch.flatMap((p, index) =>
      (withSizes ? p.sizes : []).map((size, position) => ({
        product: index + 1,
        label: size.label,
        position,
        quantity: size.quantity,
        min_height_cm: size.minHeightCm,
        max_height_cm: size.maxHeightCm,
      })),
    ),
  );
  await db.execute(sql`
    with input as materialized (
      select gen_random_uuid() as id, e.ord, r.*
      from jsonb_array_elements(${productsJson}::jsonb) with ordinality as e(doc, ord),
        jsonb_to_record(e.doc) as r(
          name text, brand text, category text, price_cents integer, quantity integer,
          description text, image_key text, created_at timestamptz,
          frame_material text, wheel_size text, gears integer, weight_grams integer,
          brakes text, suspension text, travel_mm integer, motor_torque_nm integer,
          battery_wh integer, range_km integer
        )
    ),
    sized as materialized (
      select jsonb_populate_record(
        null::${productSizes}, s.doc || jsonb_build_object('product_id', input.id)
      ) as size
      from jsonb_array_elements(${sizesJson}::jsonb) as s(doc)
      join input on input.ord = (s.doc ->> 'product')::bigint
    ),
    fit as (
      select * from product_fit_of_sizes(
        array(select id from input), array(select size from sized)
      )
    ),
    inserted as (
      insert into ${products} (
        id, name, brand, category, price_cents, quantity, description, image_key,
        created_at, updated_at, frame_material, wheel_size, gears, weight_grams, brakes,
        suspension, travel_mm, motor_torque_nm, battery_wh, range_km, fit_cells, sizes_in_stock
      )
      select input.id, name, brand, category::product_category, price_cents, quantity,
        description, image_key, created_at, created_at, frame_material::frame_material,
        wheel_size::wheel_size, gears, weight_grams, brakes::brake_type,
        suspension::suspension_type, travel_mm, motor_torque_nm, battery_wh, range_km,
        fit.fit_cells, fit.sizes_in_stock
      from input join fit on fit.product_id = input.id
      order by ord
      returning id
    )
    insert into ${productSizes}
    select (size).* from sized`);
  return batch.length;
}

/** Inserts `count` generated products in batches; returns how many were inserted. */
export async function generateCatalog(db: Executor, options: GenerateOptions): Promise<number> {
  const batchSize = options.batchSize ?? 5000;
  let inserted = 0;
  let batch: GeneratedProduct[] = [];
  const flush = async () => {
    inserted += await insertBatch(db, batch, options.withSizes ?? true);
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

/** Fresh planner statistics and visibility maps after a load, as autovacuum would make them. */
async function vacuumAnalyze(db: Executor): Promise<void> {
  await db.execute(sql`vacuum (analyze) ${products}, ${productSizes}`);
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
    await vacuumAnalyze(database.db);
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
