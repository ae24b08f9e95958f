import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProductSizeInput } from '#shared/contract/product-sizing.ts';
import { GEOMETRY_FIELDS, type ProductGeometry } from '#shared/contract/product-geometry.ts';
import type { Executor } from '#server/db/client.ts';
import { groupBy } from '#server/lib/group-by.ts';
import { productSizes } from '#server/db/schema.ts';

export type SizeRow = typeof productSizes.$inferSelect;

/** The sizes of these products, each list smallest first; a one-size product has none. */
export async function findSizes(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, SizeRow[]>> {
  if (productIds.length === 0) return new Map<string, SizeRow[]>();
  const rows = await db
    .select()
    .from(productSizes)
    .where(inArray(productSizes.productId, [...productIds]))
    .orderBy(asc(productSizes.productId), asc(productSizes.position));
  return groupBy(rows, (row) => row.productId);
}

/**
 * Makes a product's sizes exactly `sizes`, in that order: sizes no longer listed go, the others
 * are written in place (a kept label keeps its row, so an order being released meanwhile finds
 * it). Run inside the transaction that holds the product's row lock (decision 011); the trigger
 * of migration 0016 then sets the product's quantity to the sum.
 */
export async function replaceSizes(
  tx: Executor,
  productId: string,
  sizes: readonly ProductSizeInput[],
): Promise<void> {
  await replaceSizesOf(tx, [{ productId, sizes }]);
}

/** One product's sizes as they are to be. */
export interface SizesOf {
  productId: string;
  sizes: readonly ProductSizeInput[];
}

/**
 * replaceSizes for many products at once, in one delete and one upsert whatever their number, so
 * the statement triggers (sums, ledger, facets) run once for all of them rather than once a
 * product (the catalog import writes hundreds a statement). A size given without geometry keeps
 * the geometry its row has. The caller holds the products' row locks.
 */
export async function replaceSizesOf(tx: Executor, entries: readonly SizesOf[]): Promise<void> {
  if (entries.length === 0) return;
  const ids = entries.map((e) => e.productId);
  const listed = entries.flatMap((e) =>
    e.sizes.map((size) => ({ product_id: e.productId, label: size.label })),
  );
  await tx.delete(productSizes).where(
    and(
      inArray(productSizes.productId, ids),
      sql`not exists (
        select 1 from jsonb_to_recordset(${JSON.stringify(listed)}::jsonb) as k(product_id uuid, label text)
        where k.product_id = "product_sizes"."product_id" and k.label = "product_sizes"."label")`,
    ),
  );
  if (listed.length === 0) return;
  const lacking = entries.filter((e) => e.sizes.some((size) => size.geometry === undefined));
  const kept =
    lacking.length === 0
      ? new Map<string, SizeRow[]>()
      : await findSizes(
          tx,
          lacking.map((e) => e.productId),
        );
  const keptSize = (productId: string, label: string) =>
    kept.get(productId)?.find((row) => row.label === label);
  await tx
    .insert(productSizes)
    .values(
      entries.flatMap(({ productId, sizes }) =>
        sizes.map((size, position) => ({
          productId,
          label: size.label,
          position,
          quantity: size.quantity,
          minHeightCm: size.minHeightCm,
          maxHeightCm: size.maxHeightCm,
          ...geometryColumns(
            size.geometry === undefined
              ? geometryOf(keptSize(productId, size.label))
              : size.geometry,
          ),
        })),
      ),
    )
    .onConflictDoUpdate({
      target: [productSizes.productId, productSizes.label],
      set: {
        position: sql`excluded.position`,
        quantity: sql`excluded.quantity`,
        minHeightCm: sql`excluded.min_height_cm`,
        maxHeightCm: sql`excluded.max_height_cm`,
        stackMm: sql`excluded.stack_mm`,
        reachMm: sql`excluded.reach_mm`,
        topTubeMm: sql`excluded.top_tube_mm`,
        seatTubeMm: sql`excluded.seat_tube_mm`,
        headAngleDeg: sql`excluded.head_angle_deg`,
        seatAngleDeg: sql`excluded.seat_angle_deg`,
        chainstayMm: sql`excluded.chainstay_mm`,
        wheelbaseMm: sql`excluded.wheelbase_mm`,
        standoverMm: sql`excluded.standover_mm`,
      },
    });
}

/** Whether the product has sizes: its stock is then theirs, and `quantity` is not written. */
export async function hasSizes(tx: Executor, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ label: productSizes.label })
    .from(productSizes)
    .where(eq(productSizes.productId, productId))
    .limit(1);
  return row !== undefined;
}

type GeometryColumns = { [F in (typeof GEOMETRY_FIELDS)[number]]: number | null };

/** Every geometry column written, so a value left out of the geometry is cleared. */
export function geometryColumns(geometry: ProductGeometry | null): GeometryColumns {
  const columns = {} as GeometryColumns;
  for (const field of GEOMETRY_FIELDS) columns[field] = geometry?.[field] ?? null;
  return columns;
}

/** The geometry a size row states, or null when it states none. */
export function geometryOf(row: SizeRow | undefined): ProductGeometry | null {
  if (!row) return null;
  const geometry: ProductGeometry = {};
  for (const field of GEOMETRY_FIELDS) {
    const value = row[field];
    if (value !== null) geometry[field] = value;
  }
  return Object.keys(geometry).length === 0 ? null : geometry;
}
