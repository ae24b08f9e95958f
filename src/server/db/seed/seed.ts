import { randomUUID } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { toCents } from '#shared/rules/money.ts';
import { totalSizeQuantity } from '#shared/rules/sizes.ts';
import type { Executor, Database } from '../client.ts';
import { locations, productImages, productSizes, products } from '../schema.ts';
import { specColumns } from '#server/modules/products/products.mapper.ts';
import { geometryColumns } from '#server/modules/products/product-sizes.repository.ts';
import type { ImageStore } from '#server/modules/uploads/images.ts';
import { bicycleSvg, type ArtView } from './bicycle-art.ts';
import { demoCatalog } from './demo-catalog.ts';
import { demoLocations } from './demo-locations.ts';
import { seedDemoReviews } from './seed-reviews.ts';
import { demoGeometry } from './size-geometry.ts';

type ProductInsert = typeof products.$inferInsert;
type SizeInsert = typeof productSizes.$inferInsert;
type ImageInsert = typeof productImages.$inferInsert;

/** The demo gallery of every bicycle: three distinct drawings, each with its alt text. */
const DEMO_VIEWS: { view: ArtView; alt: (bike: string) => string }[] = [
  { view: 'side', alt: (b) => `${b}, side view` },
  { view: 'detail', alt: (b) => `${b}, drivetrain close-up` },
  { view: 'colourway', alt: (b) => `${b} in its other colourway` },
];

/** How alt text names a demo bicycle: some names already start with the brand. */
function bikeName({ brand, name }: { brand: string; name: string }): string {
  return name.startsWith(`${brand} `) ? name : `${brand} ${name}`;
}

async function hasLiveProducts(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .where(isNull(products.deletedAt))
    .limit(1);
  return row !== undefined;
}

/**
 * Renders each demo bicycle's pictures (side, detail, colourway) and inserts the catalog with its size charts, and the two
 * shops to collect from, only into an empty store. A sized bicycle's quantity is then the sum of its sizes (the trigger of migration
 * 0016 keeps it so).
 */
export async function seedDemoCatalog(database: Database, images: ImageStore): Promise<number> {
  if (await hasLiveProducts(database.db)) return 0;
  const start = Date.now();
  const rows: ProductInsert[] = [];
  const sizeRows: SizeInsert[] = [];
  const imageRows: ImageInsert[] = [];
  for (const [index, bike] of demoCatalog.entries()) {
    const id = randomUUID();
    for (const [position, { view, alt }] of DEMO_VIEWS.entries()) {
      const svg = bicycleSvg({ category: bike.category, variant: (index % 6) / 5, view });
      const image = await images.save(await sharp(Buffer.from(svg)).png().toBuffer());
      imageRows.push({ productId: id, imageKey: image.key, alt: alt(bikeName(bike)), position });
    }
    // Spread creation times so that "newest first" has a stable, meaningful order.
    const createdAt = new Date(start - (demoCatalog.length - index) * 60_000);
    rows.push({
      id,
      name: bike.name,
      brand: bike.brand,
      category: bike.category,
      priceCents: toCents(bike.price),
      quantity: bike.quantity ?? totalSizeQuantity(bike.sizes),
      description: bike.description,
      ...specColumns(bike.specs),
      createdAt,
      updatedAt: createdAt,
    });
    for (const [position, size] of (bike.sizes ?? []).entries())
      sizeRows.push({
        productId: id,
        position,
        ...size,
        ...geometryColumns(demoGeometry(bike.category, size.label)),
      });
  }
  return database.db.transaction(async (tx) => {
    if (await hasLiveProducts(tx)) return 0;
    await tx.insert(products).values(rows);
    if (sizeRows.length > 0) await tx.insert(productSizes).values(sizeRows);
    // The gallery's trigger makes each first picture the product's image (migration 0028).
    await tx.insert(productImages).values(imageRows);
    const [shop] = await tx.select({ id: locations.id }).from(locations).limit(1);
    if (!shop) await tx.insert(locations).values(demoLocations());
    await seedDemoReviews(
      tx,
      rows.map((r) => ({ id: r.id ?? '', name: r.name, priceCents: r.priceCents })),
      new Date(start),
    );
    return rows.length;
  });
}
