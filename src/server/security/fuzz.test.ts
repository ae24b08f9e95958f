import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accessTokenSchema, sessionSchema } from '#shared/contract/auth.ts';
import { dashboardSummarySchema } from '#shared/contract/dashboard.ts';
import { envelope, errorEnvelopeSchema, pagedEnvelope } from '#shared/contract/envelope.ts';
import { healthSchema } from '#shared/contract/health.ts';
import { MAIL_STATUSES, outboxMailSchema, waitingRidersSchema } from '#shared/contract/mail.ts';
import { addressSchema } from '#shared/contract/address.ts';
import { locationSchema } from '#shared/contract/location.ts';
import {
  FULFILMENT_STATES,
  ORDER_METHOD_FILTERS,
  ORDER_STATUSES,
  orderDetailSchema,
  orderSchema,
  PAYMENT_STATUSES,
  verificationSchema,
} from '#shared/contract/order.ts';
import {
  CATEGORIES,
  PRODUCT_SORTS,
  productFacetsSchema,
  productSuggestionsSchema,
  productSchema,
  STOCK_CLASSES,
} from '#shared/contract/product.ts';
import {
  BRAKE_TYPES,
  FRAME_MATERIALS,
  SUSPENSION_TYPES,
  WHEEL_SIZES,
} from '#shared/contract/product-sizing.ts';
import {
  adminReviewSchema,
  reviewPageEnvelopeSchema,
  reviewSchema,
} from '#shared/contract/review.ts';
import {
  importResultSchema,
  inventoryItemSchema,
  stockLedgerEntrySchema,
} from '#shared/contract/stock.ts';
import { adminUserSchema, userSchema } from '#shared/contract/user.ts';
import { TEST_PASSWORD } from '../test/fixtures.ts';
import { SUCCESS_CARD, usAddress } from '../test/orders-helpers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import {
  asText,
  entries,
  garbageBody,
  jsonText,
  malformedMultipart,
  MAX_PARAM_LENGTH,
  nastyString,
  pathSegment,
  queryString,
} from './fuzz-inputs.ts';
import { isApiRoute, routeKeys } from './route-table.ts';
import { buildWorld, emptyWorld, type ActorName, type World } from './world.ts';

/**
 * Generated requests per route and run, on each database: every run draws a new seed, so CI's runs
 * add up to far more than one run's count, and the long run (scripts/security/fuzz-long.ts, which
 * sets FUZZ_RUNS) goes deep on one seed. docs/security.md, "Suites", gives the reasons.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface BodySpec {
  kind: 'json' | 'multipart' | 'form';
  fields: Record<string, fc.Arbitrary<unknown>>;
  /** The form field that may carry a file. */
  file?: string;
}

interface FuzzSpec {
  /** The 2xx body's schema, 'html' for the hosted payment page, 'csv' for the catalog export. */
  response: z.ZodType | 'html' | 'csv';
  params?: Record<string, fc.Arbitrary<string>>;
  query?: Record<string, fc.Arbitrary<unknown>>;
  body?: BodySpec;
  refreshCookie?: boolean;
}

/** MM/YY a year from now: the test clock starts at the real time. */
function nextYearExpiry(): string {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String((d.getUTCFullYear() + 1) % 100).padStart(2, '0')}`;
}

interface Files {
  png: Buffer;
}

const page = {
  page: fc.integer({ min: 1, max: 3 }),
  limit: fc.integer({ min: 1, max: 100 }),
  searchTerm: fc.constantFrom('bike', 'Rider', ''),
};
const email = fc.uuid().map((u) => `fuzz-${u}@example.com`);
const productFields = {
  name: fc.constantFrom('Fuzz Roadster', 'Ångström Tourer'),
  brand: fc.constantFrom('Fuzzbrand'),
  category: fc.constantFrom(...CATEGORIES),
  price: fc.constantFrom('0', '199.99', '1000000', '12.5'),
  quantity: fc.constantFrom('0', '5', '100000'),
  description: fc.constantFrom('Made by the fuzzer.'),
  imageUrl: fc.constantFrom(''),
};

const addressFields = {
  address: fc.constantFrom(
    usAddress(),
    usAddress({ country: 'NL', postalCode: '1054 HW', phone: '+31 20 555 0199' }),
    usAddress({ postalCode: '1234' }),
    usAddress({ country: 'ZZ' }),
  ),
  isDefault: fc.boolean(),
};
const shopFields = {
  name: fc.constantFrom('Fuzz Cycles', ''),
  address: addressFields.address,
  hours: fc.constantFrom('Mon-Fri 9-17', ''),
  leadDays: fc.integer({ min: -1, max: 61 }),
};

/** How to fuzz each API route; a route without an entry fails the suite. */
function specs(w: World): Record<string, FuzzSpec> {
  const userIds = [
    w.actors.customer.user?.id ?? '',
    w.actors.otherCustomer.user?.id ?? '',
    w.actors.admin.user?.id ?? '',
  ];
  const emails = [w.actors.customer.user?.email ?? '', w.actors.admin.user?.email ?? ''];
  return {
    'GET /api/v1/health': { response: envelope(healthSchema), query: {} },
    'POST /api/v1/auth/register': {
      response: envelope(sessionSchema),
      body: {
        kind: 'json',
        fields: {
          name: fc.constantFrom('Ann Rider', 'Zoë Ünal'),
          email,
          password: fc.constantFrom('secret1', 'a'.repeat(128)),
        },
      },
    },
    'POST /api/v1/auth/login': {
      response: envelope(sessionSchema),
      body: {
        kind: 'json',
        fields: {
          email: fc.constantFrom(...emails),
          password: fc.constantFrom(TEST_PASSWORD, 'wrong-pass'),
        },
      },
    },
    'POST /api/v1/auth/logout': { response: envelope(z.null()), refreshCookie: true },
    'POST /api/v1/auth/refresh-token': {
      response: envelope(accessTokenSchema),
      refreshCookie: true,
    },
    'POST /api/v1/auth/forgot-password': {
      response: envelope(z.null()),
      body: { kind: 'json', fields: { email: fc.constantFrom(...emails, 'nobody@example.com') } },
    },
    'POST /api/v1/auth/reset-password': {
      response: envelope(z.null()),
      body: {
        kind: 'json',
        fields: {
          token: fc.constantFrom('x'.repeat(43), 'not-a-token'),
          newPassword: fc.constantFrom('secret1', 'a'.repeat(128)),
        },
      },
    },
    'GET /api/v1/users/me': { response: envelope(userSchema), query: {} },
    'PATCH /api/v1/users/update': {
      response: envelope(userSchema),
      body: {
        kind: 'multipart',
        fields: { name: fc.constantFrom('Renamed Rider'), avatar: fc.constantFrom('') },
        file: 'avatar',
      },
    },
    'PUT /api/v1/users/me/fit': {
      response: envelope(userSchema),
      body: {
        kind: 'json',
        fields: {
          riderHeightCm: fc.integer({ min: 80, max: 230 }),
          inseamCm: fc.integer({ min: 30, max: 120 }),
        },
      },
    },
    'POST /api/v1/users/change-password': {
      response: envelope(accessTokenSchema),
      body: {
        kind: 'json',
        fields: {
          oldPassword: fc.constantFrom(TEST_PASSWORD),
          newPassword: fc.constantFrom('another-pass'),
        },
      },
    },
    'GET /api/v1/users': { response: pagedEnvelope(adminUserSchema), query: page },
    'PATCH /api/v1/users/:userId/status': {
      response: envelope(userSchema),
      params: { userId: fc.constantFrom(...userIds) },
      body: { kind: 'json', fields: { isBlocked: fc.boolean() } },
    },
    'GET /api/v1/products': {
      response: pagedEnvelope(productSchema),
      query: {
        ...page,
        searchTerm: fc.constantFrom('Roadster', 'x', ''),
        category: fc.constantFrom(...CATEGORIES),
        minPrice: fc.integer({ min: 0, max: 500 }),
        maxPrice: fc.integer({ min: 500, max: 1_000_000 }),
        stock: fc.constantFrom(...STOCK_CLASSES),
        sort: fc.constantFrom(...PRODUCT_SORTS),
      },
    },
    'GET /api/v1/products/facets': {
      response: envelope(productFacetsSchema),
      query: {
        searchTerm: fc.constantFrom('Roadster', 'x', ''),
        category: fc.constantFrom(...CATEGORIES),
        size: fc.constantFrom('M', '54 cm', '20"'),
        wheelSize: fc.constantFrom(...WHEEL_SIZES),
        frameMaterial: fc.constantFrom(...FRAME_MATERIALS),
        brakes: fc.constantFrom(...BRAKE_TYPES),
        suspension: fc.constantFrom(...SUSPENSION_TYPES),
        riderHeightCm: fc.integer({ min: 80, max: 230 }),
      },
    },
    'GET /api/v1/products/suggest': {
      response: envelope(productSuggestionsSchema),
      query: { q: fc.constantFrom('Roadster', 'rodster', 'x', '', '%_', 'a b c') },
    },
    'GET /api/v1/products/inventory': {
      response: pagedEnvelope(inventoryItemSchema),
      query: {
        ...page,
        category: fc.constantFrom(...CATEGORIES),
        stock: fc.constantFrom(...STOCK_CLASSES),
        size: fc.constantFrom('M', '54 cm'),
        sort: fc.constantFrom('name', '-price', 'stock', 'brand'),
      },
    },
    'GET /api/v1/products/export.csv': { response: 'csv', query: {} },
    'POST /api/v1/products/import': {
      response: envelope(importResultSchema),
      query: { dryRun: fc.constantFrom('true', 'false') },
      body: {
        kind: 'multipart',
        fields: {
          file: fc.constantFrom(
            'slug,name\n',
            'slug,name,brand,category,price,description\nfuzz-row,Fuzz Row,Fuzzbrand,Road Bicycle,10,Made by the fuzzer.\n',
            '=cmd|calc,@x\n',
          ),
        },
        file: 'file',
      },
    },
    'GET /api/v1/products/:id/stock-ledger': {
      response: pagedEnvelope(stockLedgerEntrySchema),
      params: { id: fc.constant(w.productId) },
      query: { ...page, size: fc.constantFrom('M', '-') },
    },
    'PATCH /api/v1/products/:id/stock': {
      response: envelope(productSchema),
      params: { id: fc.constant(w.productId) },
      body: {
        kind: 'json',
        fields: {
          size: fc.constantFrom('M', 'XXL'),
          quantity: fc.integer({ min: -5, max: 200 }),
          note: fc.constantFrom('Counted the shelf', ''),
        },
      },
    },
    'POST /api/v1/products/:id/images': {
      response: envelope(productSchema),
      params: { id: fc.constant(w.productId) },
      body: {
        kind: 'multipart',
        fields: { alt: fc.constantFrom('', 'Side view in red', 'x'.repeat(201)) },
        file: 'image',
      },
    },
    'PUT /api/v1/products/:id/images': {
      response: envelope(productSchema),
      params: { id: fc.constant(w.productId) },
      body: {
        kind: 'json',
        fields: {
          _id: fc.constantFrom(w.productId, 'not-an-id'),
          alt: fc.constantFrom('', 'Detail'),
        },
      },
    },
    'DELETE /api/v1/products/:id/images/:imageId': {
      response: envelope(productSchema),
      params: {
        id: fc.constant(w.productId),
        imageId: fc.constantFrom(w.productId, '00000000-0000-4000-8000-000000000000'),
      },
    },
    'GET /api/v1/products/:id/reviews': {
      response: reviewPageEnvelopeSchema,
      params: { id: fc.constant(w.productId) },
      query: {
        page: fc.integer({ min: 1, max: 3 }),
        limit: fc.integer({ min: 1, max: 50 }),
        sort: fc.constantFrom('-createdAt', '-rating', 'rating'),
        size: fc.constantFrom('M', '54 cm'),
      },
    },
    'POST /api/v1/products/:id/reviews': {
      response: envelope(reviewSchema),
      params: { id: fc.constant(w.productId) },
      body: {
        kind: 'json',
        fields: {
          orderId: fc.constantFrom(w.orderId, w.orderNumber),
          rating: fc.integer({ min: 0, max: 6 }),
          title: fc.constantFrom('Great bicycle', ''),
          body: fc.constantFrom('Rides well.', ''),
          fit: fc.constantFrom('small', 'true', 'large', 'huge'),
          riderHeightCm: fc.integer({ min: 50, max: 250 }),
        },
      },
    },
    'GET /api/v1/reviews': { response: pagedEnvelope(adminReviewSchema), query: page },
    'PATCH /api/v1/reviews/:id': {
      response: envelope(reviewSchema),
      params: { id: fc.constant('00000000-0000-4000-8000-000000000000') },
      body: {
        kind: 'json',
        fields: { hidden: fc.boolean(), reason: fc.constantFrom('Spam', '') },
      },
    },
    'GET /api/v1/products/:id': {
      response: envelope(productSchema),
      params: { id: fc.constant(w.productId) },
    },
    'GET /api/v1/products/slug/:slug': {
      response: envelope(productSchema),
      params: { slug: fc.constant(w.productSlug) },
    },
    'POST /api/v1/products': {
      response: envelope(productSchema),
      body: { kind: 'multipart', fields: productFields, file: 'imageUrl' },
    },
    'PUT /api/v1/products/:id': {
      response: envelope(productSchema),
      params: { id: fc.constant(w.productId) },
      body: { kind: 'multipart', fields: productFields, file: 'imageUrl' },
    },
    'DELETE /api/v1/products/:id': {
      response: envelope(z.null()),
      params: { id: fc.constant(w.productId) },
    },
    'GET /api/v1/orders': {
      response: pagedEnvelope(orderSchema),
      query: {
        ...page,
        searchTerm: fc.constantFrom('bike', w.orderNumber, w.orderNumber.slice(3), 'BC-'),
        status: fc.constantFrom(...ORDER_STATUSES),
        paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
        method: fc.constantFrom(...ORDER_METHOD_FILTERS),
        state: fc.constantFrom(...FULFILMENT_STATES),
        locationId: fc.constant(w.locationId),
      },
    },
    'POST /api/v1/orders/order/create': {
      response: envelope(z.string()),
      body: {
        kind: 'json',
        fields: {
          product: fc.constantFrom(w.productId, w.otherProductId),
          quantity: fc.integer({ min: 1, max: 2 }),
          fulfilment: fc.constantFrom(
            { method: 'collect', locationId: w.locationId },
            { method: 'delivery', addressId: w.addressId },
            { method: 'delivery', address: usAddress() },
            { method: 'delivery', address: usAddress({ postalCode: '1', phone: 'x' }) },
            { method: 'collect', address: usAddress() },
          ),
        },
      },
    },
    'GET /api/v1/orders/:orderId': {
      response: envelope(orderDetailSchema),
      params: { orderId: fc.constantFrom(w.orderId, w.orderNumber, 'BC-000001') },
    },
    'POST /api/v1/orders/:orderId/pay': {
      response: envelope(z.string()),
      params: { orderId: fc.constantFrom(w.orderId, w.orderNumber) },
      body: {
        kind: 'json',
        fields: {
          returnUrl: fc.constantFrom('http://store.test/payment-success', 'https://evil.example/'),
        },
      },
    },
    'PATCH /api/v1/orders/:orderId/fulfilment': {
      response: envelope(orderDetailSchema),
      params: { orderId: fc.constantFrom(w.orderId, w.orderNumber) },
      body: {
        kind: 'json',
        fields: {
          locationId: fc.constant(w.locationId),
          addressId: fc.constant(w.addressId),
          address: fc.constantFrom(usAddress(), usAddress({ country: 'GB' })),
          state: fc.constantFrom(...FULFILMENT_STATES),
          carrier: fc.constantFrom('UPS', ''),
          trackingNumber: fc.constantFrom('1Z999', ''),
          trackingUrl: fc.constantFrom('https://track.example/1Z999', 'javascript:alert(1)'),
        },
      },
    },
    'GET /api/v1/users/me/addresses': { response: envelope(z.array(addressSchema)), query: {} },
    'POST /api/v1/users/me/addresses': {
      response: envelope(addressSchema),
      body: { kind: 'json', fields: addressFields },
    },
    'PUT /api/v1/users/me/addresses/:id': {
      response: envelope(addressSchema),
      params: { id: fc.constant(w.addressId) },
      body: { kind: 'json', fields: addressFields },
    },
    'DELETE /api/v1/users/me/addresses/:id': {
      response: envelope(z.null()),
      params: { id: fc.constant(w.addressId) },
    },
    'GET /api/v1/locations': { response: envelope(z.array(locationSchema)), query: {} },
    'POST /api/v1/locations': {
      response: envelope(locationSchema),
      body: { kind: 'json', fields: shopFields },
    },
    'PUT /api/v1/locations/:id': {
      response: envelope(locationSchema),
      params: { id: fc.constant(w.locationId) },
      body: { kind: 'json', fields: shopFields },
    },
    'DELETE /api/v1/locations/:id': {
      response: envelope(z.null()),
      params: { id: fc.constant(w.locationId) },
    },
    'GET /api/v1/orders/order/verify': {
      response: envelope(z.array(verificationSchema)),
      query: { order_id: fc.constant(w.orderId) },
    },
    'PATCH /api/v1/orders/:orderId/cancel': {
      response: envelope(orderSchema),
      params: { orderId: fc.constant(w.orderId) },
    },
    'PATCH /api/v1/orders/:orderId/status': {
      response: envelope(orderSchema),
      params: { orderId: fc.constant(w.orderId) },
      body: { kind: 'json', fields: { status: fc.constantFrom(...ORDER_STATUSES) } },
    },
    'GET /api/v1/dashboard/summary': { response: envelope(dashboardSummarySchema), query: {} },
    'POST /api/v1/products/:id/stock-alerts': {
      response: envelope(z.null()),
      params: { id: fc.constant(w.productId) },
      body: { kind: 'json', fields: { email: fc.constantFrom(...emails, 'nobody@example.com') } },
    },
    'GET /api/v1/stock-alerts/unsubscribe': {
      response: 'html',
      query: { token: fc.constantFrom('x'.repeat(32), '') },
    },
    'POST /api/v1/stock-alerts/unsubscribe': {
      response: envelope(z.null()),
      query: { token: fc.constantFrom('x'.repeat(32), '') },
      body: { kind: 'form', fields: { 'List-Unsubscribe': fc.constant('One-Click') } },
    },
    'POST /api/v1/stock-alerts/confirm': {
      response: envelope(z.null()),
      body: { kind: 'json', fields: { token: fc.constantFrom('x'.repeat(43), '') } },
    },
    'GET /api/v1/dashboard/stock-alerts': {
      response: envelope(waitingRidersSchema.array()),
      query: {},
    },
    'GET /api/v1/dashboard/mail': {
      response: envelope(outboxMailSchema.array()),
      query: { status: fc.constantFrom(...MAIL_STATUSES) },
    },
    'GET /api/v1/payments/sandbox/checkout/:sessionId': {
      response: 'html',
      params: { sessionId: fc.constant(w.sessionId) },
    },
    'POST /api/v1/payments/sandbox/checkout/:sessionId': {
      response: 'html',
      params: { sessionId: fc.constant(w.sessionId) },
      body: {
        kind: 'form',
        fields: {
          cardNumber: fc.constantFrom(SUCCESS_CARD, '4000 0000 0000 0002', '1234'),
          expiry: fc.constantFrom(nextYearExpiry(), '01/20', '13/99'),
          cvc: fc.constantFrom('123', '1'),
          action: fc.constantFrom('pay', 'cancel'),
        },
      },
    },
  };
}

interface Generated {
  actor: ActorName;
  request: InjectOptions;
  /** What was sent, for the failure message. */
  shown: string;
}

function formOf(
  list: [string, unknown][],
  fileField: string | undefined,
  file: Blob | null,
): FormData {
  const data = new FormData();
  for (const [k, v] of list) data.append(k, asText(v));
  if (fileField && file) data.append(fileField, file, 'upload.bin');
  return data;
}

function bodyArb(
  body: BodySpec | undefined,
  files: Files,
): fc.Arbitrary<{ payload?: string | FormData; contentType?: string; shown: string }> {
  if (!body) return fc.constant({ shown: '' });
  if (body.kind === 'json') {
    return fc
      .oneof(
        { weight: 8, arbitrary: entries(body.fields).map((list) => jsonText(list)) },
        { weight: 2, arbitrary: garbageBody },
      )
      .chain((text) =>
        fc
          .constantFrom(
            'application/json',
            'application/json',
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
          )
          .map((contentType) => ({
            payload: text,
            contentType,
            shown: `${contentType} ${text.slice(0, 500)}`,
          })),
      );
  }
  if (body.kind === 'form') {
    return fc
      .oneof(
        { weight: 8, arbitrary: entries(body.fields).map((list) => queryString(list).slice(1)) },
        { weight: 1, arbitrary: garbageBody },
      )
      .map((text) => ({
        payload: text,
        contentType: 'application/x-www-form-urlencoded',
        shown: text.slice(0, 500),
      }));
  }
  const fileArb = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constant(new Blob([new Uint8Array(files.png)], { type: 'image/png' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 64 })
        .map((bytes) => new Blob([bytes], { type: 'image/jpeg' })),
    },
    {
      weight: 1,
      arbitrary: fc.constant(
        new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
          type: 'image/svg+xml',
        }),
      ),
    },
  );
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc.tuple(entries(body.fields), fileArb).map(([list, file]) => ({
        payload: formOf(list, body.file, file),
        shown: `multipart ${JSON.stringify(list).slice(0, 500)} file=${String(file?.size ?? 'none')}`,
      })),
    },
    {
      weight: 1,
      arbitrary: garbageBody.map((text) => ({
        payload: text,
        contentType: 'application/json',
        shown: text.slice(0, 200),
      })),
    },
    {
      weight: 2,
      arbitrary: malformedMultipart(body.fields).map(({ payload, contentType }) => ({
        payload,
        contentType,
        shown: `${contentType} ${JSON.stringify(payload.slice(0, 300))}`,
      })),
    },
  );
}

function requestArb(key: string, spec: FuzzSpec, w: World, files: Files): fc.Arbitrary<Generated> {
  const [method = 'GET', template = ''] = key.split(' ');
  const params = fc.record(
    Object.fromEntries(
      Object.entries(spec.params ?? {}).map(([k, good]) => [k, pathSegment(good)]),
    ),
  );
  const query = fc.oneof(
    { weight: 9, arbitrary: entries(spec.query ?? {}).map(queryString) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?%',
        '?a=%E0%A4%A',
        '?&&&',
        '?page=1&page=2&limit=1&limit=1000',
        '?=x',
        '?__proto__[role]=admin',
      ),
    },
  );
  const actor = fc.constantFrom<ActorName>('anonymous', 'customer', 'admin');
  const cookie = spec.refreshCookie
    ? fc.option(
        fc.oneof(
          nastyString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))),
          fc.constant('refresh'),
        ),
        { nil: undefined },
      )
    : fc.constant(undefined);
  return fc
    .record({ actor, params, query, body: bodyArb(spec.body, files), cookie })
    .map(({ actor: name, params: p, query: q, body, cookie: c }) => {
      const path = template.replace(/:(\w+)/g, (_m, param: string) => p[param] ?? '');
      const headers: Record<string, string> = { ...w.actors[name].headers };
      if (body.contentType) headers['content-type'] = body.contentType;
      const refreshToken = c === 'refresh' ? w.actors[name].refreshToken : c;
      const request: InjectOptions = {
        method,
        url: `${path}${q}`,
        headers,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
        ...(refreshToken ? { cookies: { refreshToken } } : {}),
      };
      return {
        actor: name,
        request,
        shown: `${name} ${method} ${path}${q.slice(0, 300)} ${body.shown}`,
      };
    });
}

/** What is wrong with the answer, if anything. */
function problemWith(spec: FuzzSpec, res: LightMyRequestResponse): string | undefined {
  const type = String(res.headers['content-type'] ?? '');
  const isJson = type.startsWith('application/json');
  if (res.statusCode >= 500) return `answered ${String(res.statusCode)}: ${res.body.slice(0, 300)}`;
  if (res.statusCode >= 400) {
    if (spec.response === 'html' && type.startsWith('text/html')) return undefined;
    if (!isJson) return `a ${String(res.statusCode)} that is not JSON (${type})`;
    const parsed = errorEnvelopeSchema.safeParse(res.json());
    if (!parsed.success)
      return `a ${String(res.statusCode)} without the error envelope: ${res.body.slice(0, 300)}`;
    if (/\.ts:\d+|node_modules|\bat \w+ \(|select .* from/i.test(res.body))
      return `a ${String(res.statusCode)} leaking internals: ${res.body.slice(0, 300)}`;
    return undefined;
  }
  if (spec.response === 'html') {
    if (res.statusCode === 303 || type.startsWith('text/html')) return undefined;
    return `a ${String(res.statusCode)} ${type} from the payment page`;
  }
  if (spec.response === 'csv') {
    return res.statusCode === 200 && type.startsWith('text/csv')
      ? undefined
      : `a ${String(res.statusCode)} ${type} from the catalog export`;
  }
  if (res.statusCode >= 300) return `a redirect ${String(res.statusCode)}`;
  if (!isJson) return `a ${String(res.statusCode)} that is not JSON (${type})`;
  const parsed = spec.response.safeParse(res.json());
  return parsed.success
    ? undefined
    : `a ${String(res.statusCode)} that does not match its schema: ${parsed.error.message.slice(0, 300)}`;
}

/**
 * What the app logs at error level. Every 5xx the error handler writes is logged there, wherever
 * the request came from (a generated one, a plain case, building the world), so a suite that
 * answered one cannot pass even where no assertion looked at that answer's status.
 */
function serverErrors() {
  const lines: string[] = [];
  const logger = {
    level: 'error',
    stream: {
      write: (line: string) => {
        lines.push(line);
      },
    },
  };
  return { logger, lines };
}

describe('input fuzzing of every API route', () => {
  let ctx: TestContext;
  let files: Files;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  const errors = serverErrors();

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    ctx = await createTestContext({}, { logger: errors.logger });
    files = {
      png: await sharp({
        create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 200, b: 90 } },
      })
        .png()
        .toBuffer(),
    };
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await ctx.close();
  });
  afterEach(() => {
    expect(errors.lines.splice(0)).toEqual([]);
  });

  it('has a fuzz spec for every API route', async () => {
    const world = await buildWorld(ctx);
    const covered = Object.keys(specs(world));
    expect(
      routeKeys(ctx.app)
        .filter(isApiRoute)
        .filter((key) => !covered.includes(key)),
    ).toEqual([]);
  });

  const keys = Object.keys(specs(emptyWorld()));

  it.each(keys)(
    `%s: ${String(RUNS)} generated requests, no 5xx, 2xx match the schema, 4xx carry the envelope`,
    async (key) => {
      const world = await buildWorld(ctx);
      const spec = specs(world)[key];
      if (!spec) throw new Error(`no spec for ${key}`);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestArb(key, spec, world, files), async (generated) => {
          const res = await ctx.app.inject(generated.request);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          // A parameter such as "." or ".." makes the address another route's once a client
          // resolves its dot segments (as browsers do): only the answer's envelope is this route's.
          const { url } = generated.request;
          const path = (typeof url === 'string' ? url : '').split('?')[0] ?? '';
          const elsewhere = new URL(path, 'http://store.test').pathname !== path;
          const problem = elsewhere && res.statusCode < 300 ? undefined : problemWith(spec, res);
          if (problem) throw new Error(`${problem}\nrequest: ${generated.shown}`);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(RUNS);
      expect(rejections).toEqual([]);
    },
  );
});

/** Inputs the fuzzer found that once broke the envelope, kept as plain cases. */
describe('inputs the fuzzer found', () => {
  let ctx: TestContext;
  let world: World;
  const errors = serverErrors();

  beforeAll(async () => {
    ctx = await createTestContext({}, { logger: errors.logger });
    world = await buildWorld(ctx);
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    expect(errors.lines.splice(0)).toEqual([]);
  });

  it('answers a malformed multipart body with 400 and the envelope on every multipart route', async () => {
    const boundary = 'found-boundary-42';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const whole = `${part('name', 'Cut Short')}${part('description', 'x'.repeat(200))}--${boundary}--\r\n`;
    const bodies: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', whole],
      ['an empty boundary', 'multipart/form-data; boundary=', whole],
      [
        'a body truncated mid-part',
        `multipart/form-data; boundary=${boundary}`,
        whole.slice(0, 90),
      ],
      [
        'a file cut short',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="imageUrl"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n`,
      ],
      ['a boundary the body never uses', 'multipart/form-data; boundary=other', whole],
      [
        'a part without headers',
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\n\r\nx\r\n--${boundary}--\r\n`,
      ],
    ];
    const routes: ['PATCH' | 'POST' | 'PUT', string, Record<string, string>][] = [
      ['PATCH', '/api/v1/users/update', world.actors.customer.headers],
      ['POST', '/api/v1/products', world.actors.admin.headers],
      ['PUT', `/api/v1/products/${world.productId}`, world.actors.admin.headers],
    ];
    for (const [method, url, auth] of routes) {
      for (const [what, contentType, payload] of bodies) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: { ...auth, 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${method} ${url}, ${what}: ${res.body}`).toBe(400);
        expect(errorEnvelopeSchema.safeParse(res.json()).success, `${what}: ${res.body}`).toBe(
          true,
        );
      }
    }
  });

  it('answers a payment form with a missing or unknown action with 400 and the envelope, not 500', async () => {
    for (const payload of [
      'cardNumber=4242424242424242&expiry=11%2F40&cvc=123&action=steal',
      'action=',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: world.checkoutPath,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorEnvelopeSchema.safeParse(res.json()).success).toBe(true);
    }
  });

  it('answers a checkout session id with a NUL byte or other odd characters with 400, not 500', async () => {
    for (const id of ['%00', 'cs%00x', '%F0%9F%9A%B2', 'a%20b']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/v1/payments/sandbox/checkout/${id}`,
          ...(method === 'POST'
            ? {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'action=cancel',
              }
            : {}),
        });
        expect(res.statusCode, `${method} ${id}: ${res.body}`).toBe(400);
        expect(errorEnvelopeSchema.safeParse(res.json()).success).toBe(true);
      }
    }
  });

  it('answers text with a NUL character (which PostgreSQL cannot store) with 400, not 500', async () => {
    const admin = world.actors.admin.headers;
    const requests: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/v1/products?searchTerm=%00' },
      { method: 'GET', url: '/api/v1/users?searchTerm=a%00b', headers: admin },
      { method: 'GET', url: '/api/v1/orders?searchTerm=%00', headers: admin },
      {
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { name: 'Nul\u0000Rider', email: 'nul-rider@example.com', password: 'secret1' },
      },
    ];
    for (const request of requests) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(400);
      expect(errorEnvelopeSchema.safeParse(res.json()).success).toBe(true);
    }
  });

  const routerErrors = [
    `/api/v1/products/${'x'.repeat(MAX_PARAM_LENGTH + 1)}`,
    '/api/v1/products/%E0%A4%A',
  ];

  it('answers an over-long path parameter or a broken URL escape with a 4xx and the envelope', async () => {
    for (const url of routerErrors) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(errorEnvelopeSchema.safeParse(res.json()).success, `${url}: ${res.body}`).toBe(true);
    }
  });

  it('sends the security headers with those router errors too', async () => {
    for (const url of routerErrors) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});
