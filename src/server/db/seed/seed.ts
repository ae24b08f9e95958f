import sharp from 'sharp';
import { toCents } from '#shared/rules/money.ts';
import type { Database } from '../client.ts';
import {
  countLiveProducts,
  insertProducts,
  type NewProductRow,
} from '../../modules/products/products.repository.ts';
import type { ImageStore } from '../../modules/uploads/images.ts';
import { bicycleSvg } from './bicycle-art.ts';
import { demoCatalog } from './demo-catalog.ts';

/** Renders each demo bicycle's picture and inserts the catalog, only into an empty store. */
export async function seedDemoCatalog(database: Database, images: ImageStore): Promise<number> {
  if ((await countLiveProducts(database.db)) > 0) return 0;
  const start = Date.now();
  const rows: NewProductRow[] = [];
  for (const [index, bike] of demoCatalog.entries()) {
    const png = await sharp(
      Buffer.from(bicycleSvg({ category: bike.category, variant: (index % 6) / 5 })),
    )
      .png()
      .toBuffer();
    const image = await images.save(png);
    rows.push({
      name: bike.name,
      brand: bike.brand,
      category: bike.category,
      priceCents: toCents(bike.price),
      quantity: bike.quantity,
      description: bike.description,
      imageKey: image.key,
      // Spread creation times so that "newest first" has a stable, meaningful order.
      createdAt: new Date(start - (demoCatalog.length - index) * 60_000),
      updatedAt: new Date(start - (demoCatalog.length - index) * 60_000),
    });
  }
  await database.db.transaction(async (tx) => {
    if ((await countLiveProducts(tx)) > 0) return;
    await insertProducts(tx, rows);
  });
  return rows.length;
}
