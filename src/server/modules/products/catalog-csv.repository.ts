import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { ImportProblem } from '#shared/contract/stock.ts';
import type { Executor } from '#server/db/client.ts';
import { products, productSizes, productSlugs } from '#server/db/schema.ts';
import type { ImportRow } from './catalog-csv.rows.ts';
import { findSizes, replaceSizesOf } from './product-sizes.repository.ts';
import type { ProductRecord, ProductRow } from './products.repository.ts';

/** What an import does: each row a create, an update of a live product, or nothing. */
export interface ImportPlan {
  creates: ImportRow[];
  updates: { row: ImportRow; current: ProductRecord }[];
  unchanged: number;
  problems: ImportProblem[];
}

const CHUNK = 1000;
/** Changed products a statement: each update carries every column, so fewer than the creates. */
const UPDATE_CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The products the rows name, by their slug or an earlier one (a renamed bicycle's old address),
 * deleted ones included so a row cannot quietly take a deleted bicycle's address. With `lock`,
 * the live ones are locked, in id order like every other stock writer (decision 011).
 */
async function findBySlugs(
  db: Executor,
  slugs: readonly string[],
  lock: boolean,
): Promise<Map<string, ProductRow>> {
  const bySlug = new Map<string, ProductRow>();
  for (const part of chunks(slugs)) {
    const current = await db.select().from(products).where(inArray(products.slug, part));
    for (const row of current) bySlug.set(row.slug, row);
    const missing = part.filter((slug) => !bySlug.has(slug));
    if (missing.length === 0) continue;
    const earlier = await db
      .select({ slug: productSlugs.slug, product: products })
      .from(productSlugs)
      .innerJoin(products, eq(products.id, productSlugs.productId))
      .where(inArray(productSlugs.slug, missing));
    for (const { slug, product } of earlier) bySlug.set(slug, product);
  }
  if (!lock || bySlug.size === 0) return bySlug;
  const ids = [...new Set([...bySlug.values()].filter((r) => !r.deletedAt).map((r) => r.id))];
  const locked = new Map<string, ProductRow>();
  for (const part of chunks(ids.sort())) {
    const rows = await db
      .select()
      .from(products)
      .where(and(inArray(products.id, part), isNull(products.deletedAt)))
      .orderBy(asc(products.id))
      .for('update');
    for (const row of rows) locked.set(row.id, row);
  }
  for (const [slug, row] of bySlug) bySlug.set(slug, locked.get(row.id) ?? row);
  return bySlug;
}

function sameSizes(a: ProductRecord['sizes'], b: ImportRow['sizes']): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => {
      const t = b[i];
      return (
        t !== undefined &&
        s.label === t.label &&
        s.quantity === t.quantity &&
        s.minHeightCm === t.minHeightCm &&
        s.maxHeightCm === t.maxHeightCm
      );
    })
  );
}

function sameProduct(current: ProductRecord, next: ImportRow): boolean {
  const { row } = current;
  const values = next.values;
  const fields = Object.keys(values) as (keyof typeof values)[];
  return (
    fields.every((field) => field === 'quantity' || row[field] === values[field]) &&
    sameSizes(current.sizes, next.sizes) &&
    row.quantity === values.quantity
  );
}

/** Sorts the rows into creates, updates and unchanged, against the catalog as it is now. */
export async function planImport(
  db: Executor,
  rows: readonly ImportRow[],
  lock: boolean,
): Promise<ImportPlan> {
  const slugs = rows.flatMap((r) => (r.slug === null ? [] : [r.slug]));
  const bySlug = await findBySlugs(db, slugs, lock);
  const live = [...new Set([...bySlug.values()].filter((r) => !r.deletedAt).map((r) => r.id))];
  const sizes = new Map<string, ProductRecord['sizes']>();
  for (const part of chunks(live))
    for (const [id, list] of await findSizes(db, part)) sizes.set(id, list);

  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, problems: [] };
  const claimed = new Map<string, number>();
  for (const row of rows) {
    const current = row.slug === null ? undefined : bySlug.get(row.slug);
    if (!current) {
      plan.creates.push(row);
      continue;
    }
    if (current.deletedAt) {
      plan.problems.push({
        row: row.row,
        column: 'slug',
        message: `"${row.slug ?? ''}" is the address of a deleted bicycle; leave the slug blank to add it again.`,
      });
      continue;
    }
    // A current slug and an earlier slug of one bicycle: two rows for one product.
    const first = claimed.get(current.id);
    if (first !== undefined) {
      plan.problems.push({
        row: row.row,
        column: 'slug',
        message: `This bicycle is already on row ${String(first)}.`,
      });
      continue;
    }
    claimed.set(current.id, row.row);
    const record: ProductRecord = { row: current, sizes: sizes.get(current.id) ?? [] };
    if (sameProduct(record, row)) plan.unchanged += 1;
    else plan.updates.push({ row, current: record });
  }
  return plan;
}

/**
 * Writes the plan in set-based statements, a chunk at a time: new products and their sizes, then
 * the changed products, each chunk's sizes before its rows, as the product form does (a product
 * that keeps or gains sizes has its quantity summed by the database, one that loses them takes
 * the row's). Statements, not rows, are what cost: every size statement runs the triggers of the
 * sums, the ledger and the facets once. Run inside the import's transaction, after the stock
 * context is set.
 */
export async function applyImport(tx: Executor, plan: ImportPlan, now: Date): Promise<void> {
  for (const part of chunks(plan.creates)) {
    const inserted = await tx
      .insert(products)
      .values(
        part.map((r) => ({
          ...r.values,
          slug: r.slug ?? '',
          imageKey: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: products.id });
    const sized = part.flatMap((r, i) =>
      (r.sizes.length === 0 ? [] : r.sizes).map((size, position) => ({
        productId: inserted[i]?.id ?? '',
        label: size.label,
        position,
        quantity: size.quantity,
        minHeightCm: size.minHeightCm,
        maxHeightCm: size.maxHeightCm,
      })),
    );
    for (const sizes of chunks(sized)) await tx.insert(productSizes).values(sizes);
  }
  for (const part of chunks(plan.updates, UPDATE_CHUNK)) {
    await replaceSizesOf(
      tx,
      part
        .filter(({ row, current }) => !sameSizes(current.sizes, row.sizes))
        .map(({ row, current }) => ({ productId: current.row.id, sizes: row.sizes })),
    );
    await updateProducts(tx, part, now);
  }
}

/**
 * A chunk's products rewritten in one UPDATE from a JSON list read as product rows
 * (jsonb_populate_recordset takes each column's type from the table). A sized product's quantity
 * is left to the sizes' sum; a one-size product takes the row's.
 */
async function updateProducts(
  tx: Executor,
  part: readonly ImportPlan['updates'][number][],
  now: Date,
): Promise<void> {
  const first = part[0];
  if (!first) return;
  const columns = getTableColumns(products);
  const fields = (Object.keys(first.row.values) as (keyof ImportRow['values'])[]).filter(
    (field) => field !== 'quantity',
  );
  const records = part.map(({ row, current }) => {
    const record: Record<string, unknown> = {
      id: current.row.id,
      quantity: row.sizes.length > 0 ? null : row.values.quantity,
    };
    for (const field of fields) record[columns[field].name] = row.values[field];
    return record;
  });
  const set = sql.join(
    fields.map(
      (field) =>
        sql`${sql.identifier(columns[field].name)} = v.${sql.identifier(columns[field].name)}`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update products as p
    set ${set}, quantity = coalesce(v.quantity, p.quantity), updated_at = ${now.toISOString()}::timestamptz
    from jsonb_populate_recordset(null::products, ${JSON.stringify(records)}::jsonb) as v
    where p.id = v.id`);
}

/** Every live product with its sizes, a page at a time in id order (the export's stream). */
export async function* liveProductsInPages(
  db: Executor,
  pageSize = 500,
): AsyncGenerator<ProductRecord[]> {
  let after: string | null = null;
  for (;;) {
    const rows: ProductRow[] = await db
      .select()
      .from(products)
      .where(
        and(
          isNull(products.deletedAt),
          after === null ? undefined : sql`${products.id} > ${after}`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    const sizes = await findSizes(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((row) => ({ row, sizes: sizes.get(row.id) ?? [] }));
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]?.id ?? null;
  }
}
