import { beforeEach } from 'vitest';
import type { Category } from '#shared/contract/product.ts';
import type { Role } from '#shared/contract/user.ts';
import { toCents } from '#shared/rules/money.ts';
import { products, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { startSession } from '../modules/auth/sessions.ts';
import { readThrough } from './read-through.ts';
import type { TestContext } from './test-app.ts';

export const TEST_PASSWORD = 'secret-pass-1';

let passwordHash: Promise<string> | undefined;
let seq = 0;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
  token: string;
  /** Headers that authenticate as this user (token sent raw, as the store's client does). */
  auth: { authorization: string };
}

/** Inserts a user straight into the database and opens a session for them. */
export async function createUser(
  ctx: TestContext,
  overrides: { role?: Role; name?: string; email?: string; isBlocked?: boolean } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  seq += 1;
  const role = overrides.role ?? 'customer';
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      name: overrides.name ?? `Test ${role} ${String(seq)}`,
      email: (
        overrides.email ?? `${role}${String(seq)}-${String(Date.now())}@example.com`
      ).toLowerCase(),
      passwordHash: await passwordHash,
      role,
      isBlocked: overrides.isBlocked ?? false,
    })
    .returning();
  if (!row) throw new Error('user insert failed');
  // A session of its own, as a sign-in opens: access tokens work only while their session does.
  const { accessToken: token } = await startSession(ctx.app.deps, row);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    password: TEST_PASSWORD,
    token,
    auth: { authorization: token },
  };
}

/**
 * A blank store before each test of the enclosing `describe`, holding one new user; the returned
 * user reads through to the current test's one.
 */
export function useFreshUser(
  ctx: TestContext,
  overrides: Parameters<typeof createUser>[1] = {},
): TestUser {
  let current: TestUser | undefined;
  beforeEach(async () => {
    await ctx.reset();
    current = await createUser(ctx, overrides);
  });
  return readThrough((): TestUser => {
    if (!current) throw new Error('the user is used outside a test');
    return current;
  });
}

export interface TestProductInput {
  name?: string;
  brand?: string;
  category?: Category;
  price?: number;
  quantity?: number;
  description?: string;
  createdAt?: Date;
}

/** Inserts a product straight into the database. */
export async function createProduct(ctx: TestContext, input: TestProductInput = {}) {
  seq += 1;
  const [row] = await ctx.database.db
    .insert(products)
    .values({
      name: input.name ?? `Test Bike ${String(seq)}`,
      brand: input.brand ?? 'Testbrand',
      category: input.category ?? 'Road Bicycle',
      priceCents: toCents(input.price ?? 499.99),
      quantity: input.quantity ?? 10,
      description: input.description ?? 'A bicycle made for tests.',
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('product insert failed');
  return row;
}

/** A bicycle of a catalog fixture: the columns a test sets, prices in dollars. */
export type CatalogRow = Omit<
  typeof products.$inferInsert,
  'priceCents' | 'createdAt' | 'updatedAt' | 'description'
> & {
  price: number;
};

/**
 * Stores `rows` as bicycles created a minute apart from 2026-01-01, the first the oldest (so "newest
 * first" orders are known), each described by its brand and name, and then empties the catalog cache.
 */
export async function insertCatalog(ctx: TestContext, rows: readonly CatalogRow[]): Promise<void> {
  const start = Date.parse('2026-01-01T00:00:00Z');
  await ctx.database.db.insert(products).values(
    rows.map(({ price, ...bike }, i) => ({
      ...bike,
      description: `${bike.brand} ${bike.name}.`,
      priceCents: toCents(price),
      createdAt: new Date(start + i * 60_000),
      updatedAt: new Date(start + i * 60_000),
    })),
  );
  // As a service's committed write does: the page cache and the suggestion index catch up.
  ctx.app.deps.catalogChanged();
}
