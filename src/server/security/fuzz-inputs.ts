import fc from 'fast-check';

/** Marks a field the generated request leaves out. */
export const MISSING = Symbol('missing');
export type Missing = typeof MISSING;

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e9999',
  '0x1F',
  '1.005',
  '99999999999999999999999',
  "' OR '1'='1' --",
  '%',
  '_',
  '\\',
  '"',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%2e%2e%2f',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '\uD800',
  '\uFEFF',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚲',
  'e\u0301\u0301\u0301',
  'ا'.repeat(50),
  'true',
  'false',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

const EDGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.1,
  1.005,
  -1.5,
  99.999,
  100,
  101,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // Huge: past every field limit, still under the 16 KiB JSON body limit, so validation sees it.
  { weight: 1, arbitrary: fc.integer({ min: 101, max: 12_000 }).map((n) => 'x'.repeat(n)) },
  // Huger: past the JSON body limit (413), and past a multipart field's 64 KiB.
  { weight: 1, arbitrary: fc.integer({ min: 17_000, max: 300_000 }).map((n) => 'x'.repeat(n)) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer(),
  fc.double(),
);

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
);

/** Objects whose keys try prototype pollution and mass assignment. */
export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'role',
    'isBlocked',
    'user',
    'userId',
    'totalPrice',
    'price',
    'status',
    '_id',
    'id',
    'email',
    'passwordHash',
  ),
  fc.string({ maxLength: 12 }),
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyKey, leaf, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant({ isAdmin: true, role: 'admin' }) },
);

/** A known field: a good value most of the time, otherwise something hostile or nothing. */
export function field(good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: good },
    { weight: 3, arbitrary: nastyValue },
    { weight: 1, arbitrary: fc.constant(MISSING) },
  );
}

export type Entries = [string, unknown][];

/** The named fields (some left out) followed by a few unexpected ones. */
export function entries(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Entries> {
  const known = fc.record(
    Object.fromEntries(Object.entries(fields).map(([k, good]) => [k, field(good)])),
  );
  const extra = fc.array(fc.tuple(nastyKey, nastyValue), { maxLength: 3 });
  return fc
    .tuple(known, extra)
    .map(([k, x]) => [...Object.entries(k).filter(([, v]) => v !== MISSING), ...x]);
}

/** JSON.stringify, which answers undefined for undefined (its types say otherwise). */
function stringify(value: unknown): string | undefined {
  const text: string | undefined = JSON.stringify(value);
  return text;
}

/**
 * JSON text written by hand, so keys such as "__proto__" reach the server as keys (an object
 * literal would turn them into a prototype instead).
 */
export function jsonText(list: Entries): string {
  return `{${list.map(([k, v]) => `${JSON.stringify(k)}:${stringify(v) ?? 'null'}`).join(',')}}`;
}

/** A value as it would travel in a query string or a form field. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return stringify(value) ?? '';
}

export function queryString(list: Entries): string {
  const parts = list.flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map(
      (item) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(asText(item).replace(/[\uD800-\uDFFF]/g, '?'))}`,
    ),
  );
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Raw bodies that are not what any route expects. */
export const garbageBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '{',
    '{"a":',
    '[]',
    '[1,2]',
    'null',
    '0',
    '"text"',
    'true',
    '{"a":1}}',
    '\u0000',
    '{"__proto__":{"role":"admin"}}',
  ),
  fc.json(),
);

/** Fastify's router refuses longer path parameters before any route runs (see fuzz.test.ts). */
export const MAX_PARAM_LENGTH = 100;

/** A path segment: a good value, or something that is not an id at all. */
export function pathSegment(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const hostile = nastyString.map(encodedSegment).filter((s) => s.length > 0);
  return fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostile },
  );
}

/** The longest whole-character prefix whose escaped form fits the router's limit. */
function encodedSegment(raw: string): string {
  let out = '';
  for (const char of raw.replace(/[\uD800-\uDFFF]/g, '?')) {
    const next = out + encodeURIComponent(char);
    if (next.length > MAX_PARAM_LENGTH) break;
    out = next;
  }
  return out;
}

/** A well-formed multipart body of text fields, for the broken variants below. */
function multipartText(boundary: string, list: Entries): string {
  const parts = list.map(
    ([k, v]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${asText(v)}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

const BOUNDARY = 'fuzz-boundary-7d1c';

/**
 * Multipart bodies a broken client, a proxy that cut the upload short or an attacker would send:
 * no boundary in the content type, an empty or unused boundary, a body truncated anywhere,
 * parts without headers, and bytes that are not multipart at all.
 */
export function malformedMultipart(
  fields: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<{ payload: string; contentType: string }> {
  const wellFormed = entries(fields).map((list) => multipartText(BOUNDARY, list));
  const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
  return fc.oneof(
    wellFormed.map((payload) => ({ payload, contentType: 'multipart/form-data' })),
    wellFormed.map((payload) => ({ payload, contentType: 'multipart/form-data; boundary=' })),
    wellFormed.map((payload) => ({
      payload,
      contentType: 'multipart/form-data; boundary=not-the-one-used',
    })),
    fc.tuple(wellFormed, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, cut]) => ({
      payload: body.slice(0, Math.floor(body.length * cut)),
      contentType: withBoundary,
    })),
    fc
      .constantFrom(
        `--${BOUNDARY}\r\n\r\nno headers\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${BOUNDARY}--\r\n`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="imageUrl"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        `--${BOUNDARY}--\r\n`,
        '',
      )
      .map((payload) => ({ payload, contentType: withBoundary })),
    garbageBody.map((payload) => ({ payload, contentType: withBoundary })),
  );
}
