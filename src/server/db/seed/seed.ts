import { randomUUID } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { toCents } from '#shared/rules/money.ts';
import { totalSizeQuantity } from '#shared/rules/sizes.ts';
import { weightKgToGrams } from '#shared/rules/specs.ts';
import type { ProductSpecs } from '#shared/contract/product-sizing.ts';
import type { Executor, Database } from '../client.ts';
import { products } from '../schema.ts';
import type { ImageStore } from '#server/modules/uploads/images.ts';
import { bicycleSvg } from './bicycle-art.ts';
import { demoCatalog } from './demo-catalog.ts';

type ProductInsert = typeof products.$inferInsert;

async function hasLiveProducts(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .where(isNull(products.deletedAt))
    .limit(1);
  return row !== undefined;
}

/** The spec columns of a product; what the catalog does not state stays null. */
function specColumns(specs: ProductSpecs): Partial<ProductInsert> {
  return {
    frameMaterial: specs.frameMaterial ?? null,
    wheelSize: specs.wheelSize ?? null,
    gears: specs.gears ?? null,
    weightGrams: specs.weightKg === undefined ? null : weightKgToGrams(specs.weightKg),
    brakes: specs.brakes ?? null,
    suspension: specs.suspension ?? null,
    travelMm: specs.travelMm ?? null,
    motorTorqueNm: specs.motorTorqueNm ?? null,
    batteryWh: specs.batteryWh ?? null,
    rangeKm: specs.rangeKm ?? null,
  };
}

/**
 * Renders each demo bicycle's picture and inserts the catalog, only into an empty store. The size
 * charts stay out of the database until the cart and checkout take a size (decision 011): a
 * sized bicycle goes in as one size holding the sum of its sizes, so every bicycle can be bought.
 */
export async function seedDemoCatalog(database: Database, images: ImageStore): Promise<number> {
  if (await hasLiveProducts(database.db)) return 0;
  const start = Date.now();
  const rows: ProductInsert[] = [];
  for (const [index, bike] of demoCatalog.entries()) {
    const png = await sharp(
      Buffer.from(bicycleSvg({ category: bike.category, variant: (index % 6) / 5 })),
    )
      .png()
      .toBuffer();
    const image = await images.save(png);
    const id = randomUUID();
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
      imageKey: image.key,
      ...specColumns(bike.specs),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return database.db.transaction(async (tx) => {
    if (await hasLiveProducts(tx)) return 0;
    await tx.insert(products).values(rows);
    return rows.length;
  });
}
