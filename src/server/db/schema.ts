import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CATEGORIES, IMAGE_ALT_MAX } from '#shared/contract/product.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SIZE_HEIGHT_MAX_CM,
  SIZE_HEIGHT_MIN_CM,
  SIZE_LABEL_MAX,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
} from '#shared/contract/product-sizing.ts';
import { GEOMETRY_FIELDS, GEOMETRY_INFO } from '#shared/contract/product-geometry.ts';
import type { PostalAddress } from '#shared/contract/address.ts';
import { MAX_LEAD_DAYS } from '#shared/contract/location.ts';
import {
  BANK_STATUSES,
  FULFILMENT_METHODS,
  FULFILMENT_STATES,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
} from '#shared/contract/order.ts';
import { ROLES } from '#shared/contract/user.ts';
import { STOCK_REASONS } from '#shared/contract/stock.ts';
import { REVIEW_FITS } from '#shared/contract/review.ts';

export const userRole = pgEnum('user_role', ROLES);
export const productCategory = pgEnum('product_category', CATEGORIES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const bankStatus = pgEnum('bank_status', BANK_STATUSES);
export const fulfilmentMethod = pgEnum('fulfilment_method', FULFILMENT_METHODS);
export const fulfilmentState = pgEnum('fulfilment_state', FULFILMENT_STATES);
export const orderEventType = pgEnum('order_event_type', ORDER_EVENT_TYPES);
export const reviewFit = pgEnum('review_fit', REVIEW_FITS);
// Enums keep the values to the contract's lists and sort as those lists do (wheel sizes small to large).
export const frameMaterial = pgEnum('frame_material', FRAME_MATERIALS);
export const wheelSize = pgEnum('wheel_size', WHEEL_SIZES);
export const brakeType = pgEnum('brake_type', BRAKE_TYPES);
export const suspensionType = pgEnum('suspension_type', SUSPENSION_TYPES);

// Column helpers, as Drizzle suggests for columns many tables share; each call makes a new column.
const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** PostgreSQL's 64-bit transaction id, which never wraps; read and written as its decimal text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('customer'),
    avatarKey: text('avatar_key'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** The rider's measurements for the fit finder, in whole centimetres; null until given. */
    riderHeightCm: integer('rider_height_cm'),
    inseamCm: integer('inseam_cm'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check(
      'users_rider_measurements_valid',
      sql`${t.riderHeightCm} BETWEEN 80 AND 230 AND ${t.inseamCm} BETWEEN 30 AND 120`,
    ),
    index('users_created_at_idx').on(t.createdAt),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
    // Every authenticated request asks whether its session has a revoked token: usually none.
    index('refresh_tokens_revoked_family_idx')
      .on(t.familyId)
      .where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

/** PostgreSQL's int4multirange, which drizzle does not name; read in its text form. */
const int4multirange = customType<{ data: string }>({ dataType: () => 'int4multirange' });

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    /**
     * The name lowercased, kept by PostgreSQL: the search compares it with LIKE, which tests bytes,
     * where ILIKE lowercases every name it tests (migration 0019).
     */
    nameFolded: text('name_folded')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    /**
     * What the shop's search reads, lowercased: the name, brand, category and the spec values
     * a rider types (frame material, wheel size, brakes, suspension), with the words riders use
     * for them (product_search_text, migration 0024; decision 023).
     */
    searchDocument: text('search_document')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(product_search_text(name, brand, category, frame_material, wheel_size, brakes, suspension))`,
      ),
    brand: text('brand').notNull(),
    category: productCategory('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    description: text('description').notNull(),
    imageKey: text('image_key'),
    /**
     * The address of the product's page. A trigger (migration 0011) derives it from brand and
     * name when a row is written with the empty default, and renames it with them.
     */
    slug: text('slug').notNull().default(''),
    // Specs: each null when the maker does not state it.
    frameMaterial: frameMaterial('frame_material'),
    wheelSize: wheelSize('wheel_size'),
    gears: integer('gears'),
    /** Whole grams, so comparisons are exact; the API shows kilograms with one decimal. */
    weightGrams: integer('weight_grams'),
    brakes: brakeType('brakes'),
    suspension: suspensionType('suspension'),
    travelMm: integer('travel_mm'),
    motorTorqueNm: integer('motor_torque_nm'),
    batteryWh: integer('battery_wh'),
    rangeKm: integer('range_km'),
    /**
     * Kept from the product's sizes by the product_sizes triggers (migration 0018), so the size
     * and fit filters and their facets read one table. `sizesInStock`: the labels with stock, in
     * the product's order. `fitCells`: the riders the fit rule sends to a size in stock, as
     * height * 1000 + inseam cells (products.filters.ts fitsRider reads them).
     */
    sizesInStock: text('sizes_in_stock')
      .array()
      .notNull()
      .default(sql`'{}'`),
    fitCells: int4multirange('fit_cells')
      .notNull()
      .default(sql`'{}'`),
    /**
     * The visible reviews' ratings added up and counted, kept in the transaction that shows or
     * hides a review (decision 025), so lists show a product's rating without a join.
     */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    deletedAt: timestamptz('deleted_at'),
    /**
     * The transaction that last changed what the search suggestions hold of the product (name,
     * brand, category, search specs, price, picture, slug, creation, deletion), set by a trigger
     * (migration 0029), so each instance's suggestion index reads only the rows changed since it
     * last looked (decision 033). Null for rows not changed since the migration.
     */
    catalogChangeXid: xid8('catalog_change_xid'),
    ...timestamps,
  },
  (t) => [
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check(
      'products_specs_positive',
      sql`${t.gears} > 0 AND ${t.weightGrams} > 0 AND ${t.travelMm} > 0 AND ${t.motorTorqueNm} > 0 AND ${t.batteryWh} > 0 AND ${t.rangeKm} > 0`,
    ),
    index('products_name_folded_trgm_idx')
      .using('gin', t.nameFolded.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} IS NULL`),
    // Two-character searches (product_name_bigrams comes from migration 0003).
    index('products_name_bigrams_idx')
      .using('gin', sql`product_name_bigrams(${t.name})`)
      .where(sql`${t.deletedAt} IS NULL`),
    // Every search word of three characters or more, and its typo corrections (decision 023).
    index('products_search_document_trgm_idx')
      .using('gin', t.searchDocument.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} IS NULL`),
    // Two-character search words (product_name_bigrams takes any text).
    index('products_search_document_bigrams_idx')
      .using('gin', sql`product_name_bigrams(${t.searchDocument})`)
      .where(sql`${t.deletedAt} IS NULL`),
    // The distinct brands, read by a skip scan for the search suggestions.
    index('products_brand_idx')
      .on(t.brand)
      .where(sql`${t.deletedAt} IS NULL`),
    // The suggestion index's catch-up read (decision 033); deleted rows too, to be let go of.
    index('products_catalog_change_xid_idx').on(t.catalogChangeXid),
    index('products_created_at_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_category_price_idx')
      .on(t.category, t.priceCents)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_category_created_at_idx')
      .on(t.category, t.createdAt.desc())
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_price_idx')
      .on(t.priceCents)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_name_idx')
      .on(t.name)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_quantity_idx')
      .on(t.quantity)
      .where(sql`${t.deletedAt} IS NULL`),
    // Pattern ops also serve the prefix search that numbers a colliding slug.
    uniqueIndex('products_slug_key').on(t.slug.op('text_pattern_ops')),
    // The spec filters and their facet counts.
    index('products_frame_material_idx')
      .on(t.frameMaterial)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_wheel_size_idx')
      .on(t.wheelSize)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_brakes_idx')
      .on(t.brakes)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_suspension_idx')
      .on(t.suspension)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_sizes_in_stock_idx')
      .using('gin', t.sizesInStock)
      .where(sql`${t.deletedAt} IS NULL`),
    index('products_fit_cells_idx')
      .using('gist', t.fitCells)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * Every word the catalog's search documents have held (three characters or more), lowercased in
 * `word` and as first written in `display`: where a search word's typo corrections and "Did you
 * mean" come from. Triggers on products add words (migration 0024); words of products since
 * renamed or deleted stay, so a correction is only offered once it finds a bicycle.
 */
export const productSearchWords = pgTable(
  'product_search_words',
  {
    word: text('word').primaryKey(),
    display: text('display').notNull(),
  },
  (t) => [index('product_search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * The sizes of a sized product, each with its own stock, so an order reserves units of one size
 * with one conditional UPDATE on one row. A product without rows here is one-size. While a
 * product has sizes, triggers (migration 0016) keep `products.quantity` equal to their sum and
 * refuse any other value: every reader of `quantity` (stock classes, inStock, the dashboard's
 * inventory, back-in-stock alerts) stays right without knowing about sizes.
 */
/** Each geometry column null or within the contract's bounds. */
function geometryInBounds(t: Record<(typeof GEOMETRY_FIELDS)[number], AnyPgColumn>) {
  const parts = GEOMETRY_FIELDS.map((field) => {
    const { min, max } = GEOMETRY_INFO[field];
    return sql`(${t[field]} IS NULL OR ${t[field]} BETWEEN ${sql.raw(String(min))} AND ${sql.raw(String(max))})`;
  });
  return sql.join(parts, sql` AND `);
}

export const productSizes = pgTable(
  'product_sizes',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Smallest first; the order the product lists its sizes in. */
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    minHeightCm: integer('min_height_cm').notNull(),
    maxHeightCm: integer('max_height_cm').notNull(),
    /** Frame geometry, each null when the maker states none: lengths in mm, angles in degrees. */
    stackMm: integer('stack_mm'),
    reachMm: integer('reach_mm'),
    topTubeMm: integer('top_tube_mm'),
    seatTubeMm: integer('seat_tube_mm'),
    headAngleDeg: numeric('head_angle_deg', { precision: 3, scale: 1, mode: 'number' }),
    seatAngleDeg: numeric('seat_angle_deg', { precision: 3, scale: 1, mode: 'number' }),
    chainstayMm: integer('chainstay_mm'),
    wheelbaseMm: integer('wheelbase_mm'),
    standoverMm: integer('standover_mm'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.label], name: 'product_sizes_pkey' }),
    check('product_sizes_geometry_valid', geometryInBounds(t)),
    check('product_sizes_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('product_sizes_position_nonnegative', sql`${t.position} >= 0`),
    check(
      'product_sizes_label_valid',
      sql`char_length(${t.label}) BETWEEN 1 AND ${sql.raw(String(SIZE_LABEL_MAX))} AND ${t.label} = btrim(${t.label})`,
    ),
    check(
      'product_sizes_heights_valid',
      sql`${t.minHeightCm} >= ${sql.raw(String(SIZE_HEIGHT_MIN_CM))} AND ${t.maxHeightCm} <= ${sql.raw(String(SIZE_HEIGHT_MAX_CM))} AND ${t.minHeightCm} <= ${t.maxHeightCm}`,
    ),
  ],
);

/**
 * A bicycle's gallery (decision 026): each picture's stored key (the files of uploads/images.ts),
 * its alt text and its place. `products.image_key` is the first picture's key, kept by a trigger
 * on this table (migration 0028), so cards, orders and suggestions read it without a join.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageKey: text('image_key').notNull(),
    /** Empty: the page describes the picture by the bicycle's name. */
    alt: text('alt').notNull().default(''),
    /** Smallest first; gaps are allowed (a deleted picture leaves one). */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_position_idx').on(t.productId, t.position),
    check(
      'product_images_alt_length',
      sql`char_length(${t.alt}) <= ${sql.raw(String(IMAGE_ALT_MAX))}`,
    ),
  ],
);

/**
 * Live products counted by everything the listed facets and their filters read: category, specs,
 * sizes in stock and stock clamped at the in-stock threshold (a few thousand groups for a
 * catalog of 100,000). Kept by statement triggers on `products` (migration 0020), so a facets
 * request without a search, price range or fit filter counts these instead of every product.
 * A group whose products are all gone keeps `n = 0`.
 */
export const productFacetGroups = pgTable(
  'product_facet_groups',
  {
    category: productCategory('category').notNull(),
    wheelSize: wheelSize('wheel_size'),
    frameMaterial: frameMaterial('frame_material'),
    brakes: brakeType('brakes'),
    suspension: suspensionType('suspension'),
    /** least(products.quantity, LOW_STOCK_THRESHOLD): every stock class apart, nothing more. */
    quantity: integer('quantity').notNull(),
    sizesInStock: text('sizes_in_stock').array().notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    unique('product_facet_groups_key')
      .on(
        t.category,
        t.wheelSize,
        t.frameMaterial,
        t.brakes,
        t.suspension,
        t.quantity,
        t.sizesInStock,
      )
      .nullsNotDistinct(),
  ],
);

/** Earlier slugs of renamed products, so their old addresses still lead to them. */
export const productSlugs = pgTable(
  'product_slugs',
  {
    slug: text('slug').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [index('product_slugs_product_id_idx').on(t.productId)],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: orderStatus('status').notNull().default('Pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id'),
    checkoutUrl: text('checkout_url'),
    transactionId: text('transaction_id'),
    bankStatus: bankStatus('bank_status'),
    paymentMethod: text('payment_method'),
    transactionAt: timestamptz('transaction_at'),
    paidAt: timestamptz('paid_at'),
    /** When the last refund attempt started: one finisher at a time asks the provider. */
    refundAttemptAt: timestamptz('refund_attempt_at'),
    /**
     * The label of the size bought, null for a one-size product. Text, not a reference: the
     * order keeps what was sold even when the product's sizes change later.
     */
    size: text('size'),
    /**
     * What people quote ("BC-100001"): an identity column, so numbers come from one database
     * sequence, unique and increasing across instances (decision 021). Gaps are possible (a
     * failed insert uses a number up).
     */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .generatedByDefaultAsIdentity({ startWith: 100001 }),
    /** Null: placed without a choice (another client); it can then be set by the customer. */
    fulfilmentMethod: fulfilmentMethod('fulfilment_method'),
    fulfilmentState: fulfilmentState('fulfilment_state').notNull().default('Unfulfilled'),
    /** A delivery order's address, copied when chosen: later edits of the address book leave it. */
    deliveryAddress: jsonb('delivery_address').$type<PostalAddress>(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'restrict' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    readyBy: timestamptz('ready_by'),
    /**
     * How many checkout sessions the order has opened: each new one (pay later) takes the next
     * number with a conditional update, and the provider's idempotency key carries it.
     */
    paymentAttempt: integer('payment_attempt').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'orders_fulfilment_destination',
      sql`(${t.fulfilmentMethod} IS NULL AND ${t.deliveryAddress} IS NULL AND ${t.locationId} IS NULL)
        OR (${t.fulfilmentMethod} = 'delivery' AND ${t.deliveryAddress} IS NOT NULL AND ${t.locationId} IS NULL)
        OR (${t.fulfilmentMethod} = 'collect' AND ${t.locationId} IS NOT NULL AND ${t.deliveryAddress} IS NULL)`,
    ),
    uniqueIndex('orders_number_unique').on(t.number),
    index('orders_location_idx').on(t.locationId),
    check(
      'orders_size_label_valid',
      sql`char_length(${t.size}) BETWEEN 1 AND ${sql.raw(String(SIZE_LABEL_MAX))}`,
    ),
    check('orders_unit_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_product_idx').on(t.productId),
    // The payment-timeout sweep: unpaid orders that are still open (an admin may move one on).
    index('orders_unpaid_open_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = 'Pending' AND ${t.status} IN ('Pending', 'Ongoing')`),
    // Cancelled and still Paid: a refund is due (the sweep finishes it); usually none.
    index('orders_refund_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'Cancelled' AND ${t.paymentStatus} = 'Paid'`),
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paymentStatus} = 'Paid'`),
    uniqueIndex('orders_provider_session_unique').on(t.provider, t.providerSessionId),
  ],
);

/**
 * An order's timeline: one row per change, written in the transaction of the change (placed,
 * paid, shipped...), so the timeline and the order never disagree.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    /** Increasing: events of one moment keep the order they were written in. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: orderEventType('type').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** A customer's address book: at most MAX_ADDRESSES, one of them the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('addresses_country_code', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** Shops where bicycles can be collected. Removed shops stay (soft delete) for their orders. */
export const locations = pgTable(
  'locations',
  {
    id: id(),
    name: text('name').notNull(),
    address: jsonb('address').$type<PostalAddress>().notNull(),
    hours: text('hours').notNull(),
    leadDays: integer('lead_days').notNull(),
    deletedAt: timestamptz('deleted_at'),
    ...timestamps,
  },
  (t) => [
    check(
      'locations_lead_days_valid',
      sql`${t.leadDays} BETWEEN 0 AND ${sql.raw(String(MAX_LEAD_DAYS))}`,
    ),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_unique').on(t.provider, t.eventId),
    index('payment_events_order_idx').on(t.orderId),
  ],
);

/** The built-in sandbox provider's own records: one checkout session per order and attempt. */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    outcome: bankStatus('outcome').notNull().default('Pending'),
    cardLast4: text('card_last4'),
    completedAt: timestamptz('completed_at'),
    refundedAt: timestamptz('refunded_at'),
    /** Where the page sends the shopper back; unset on sessions opened before it was kept. */
    returnUrl: text('return_url'),
    /** The order's payment attempt the session is for (pay later opens the next one). */
    attempt: integer('attempt').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_sessions_order_attempt_unique').on(t.orderId, t.attempt)],
);

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

/**
 * Mails to send, written in the transaction of the change that causes them. `payload` is what the
 * template needs, captured at that moment; the worker renders and sends it. `dedupe_key` names the
 * change (`order:<id>:paid`), so a retried or raced change writes one mail.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    subject: text('subject'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_unique').on(t.dedupeKey),
    // The worker's query: due mails still to send; usually few.
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('email_outbox_failed_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** Single-use password reset links; only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Riders waiting for a sold-out bicycle: one alert per address and product. When the product's
 * stock goes from 0 to more, a trigger (migrations 0014, 0017, 0021) writes each waiting,
 * confirmed address one mail to the outbox, in the transaction that restocks, and uses the alert
 * up (`notified_at`). An alert for an address other than the signed-in rider's own waits for its
 * owner to confirm it (`confirmed_at`, decision 020).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The size awaited, or '' for the bicycle as a whole (a one-size one, or any size). */
    size: text('size').notNull().default(''),
    /** The unsubscribe link's token: it only ever removes this alert. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    notifiedAt: timestamptz('notified_at'),
    /** When the address's owner confirmed the alert (or asked for it signed in); null: not yet. */
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alerts_product_email_size_unique').on(t.productId, t.email, t.size),
    uniqueIndex('stock_alerts_unsubscribe_token_unique').on(t.unsubscribeToken),
    check('stock_alerts_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * One row per confirmation mail of a stock alert: its link's token (only the SHA-256 is kept) and
 * the address, so the mails an address got in the last day can be counted.
 */
export const stockAlertConfirmations = pgTable(
  'stock_alert_confirmations',
  {
    id: id(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => stockAlerts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alert_confirmations_hash_unique').on(t.tokenHash),
    index('stock_alert_confirmations_email_created_idx').on(t.email, t.createdAt),
  ],
);

export const stockReason = pgEnum('stock_reason', STOCK_REASONS);

/**
 * Every change of a size's (or a one-size product's) stock, written by triggers on product_sizes
 * and products (migration 0025) in the statement that makes the change, so no writer can forget
 * it and, per product and size, the changes add up to the stock. Why, for which order, by whom and
 * the note come from the transaction's `stock_ledger.*` settings (stock-ledger.context.ts); with
 * none, a new row is "created" and any other change "admin". Order and user are plain ids, not
 * references: an order writes its line before its own row exists, and no lock is taken on them.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    /** Increasing: lines of one moment keep the order they were written in. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size's label; null for a one-size product's own stock. */
    size: text('size'),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: stockReason('reason').notNull(),
    orderId: uuid('order_id'),
    actorId: uuid('actor_id'),
    note: text('note'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('stock_ledger_product_size_idx').on(t.productId, t.size, t.id)],
);

/**
 * A verified buyer's review: one per order (the unique order_id), of the order's product and
 * size. Hidden reviews stay for the owner's list but leave the shop and the product's rating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The size bought, copied from the order; null for a one-size product. */
    size: text('size'),
    riderHeightCm: integer('rider_height_cm'),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    fit: reviewFit('fit').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_order_unique').on(t.orderId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_rider_height_valid', sql`${t.riderHeightCm} BETWEEN 80 AND 230`),
    index('reviews_product_visible_created_idx')
      .on(t.productId, t.createdAt.desc())
      .where(sql`NOT ${t.hidden}`),
    index('reviews_created_idx').on(t.createdAt.desc()),
  ],
);
