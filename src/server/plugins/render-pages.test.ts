import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '#shared/contract/envelope.ts';
import type { Product } from '#shared/contract/product.ts';
import { productForm, sendForm } from '../test/catalog-multipart.ts';
import { createUser, type TestUser } from '../test/fixtures.ts';
import { buildStorefront, type StorefrontBuild } from '../test/storefront-build.ts';
import { useTestContext } from '../test/test-app.ts';

/** What `String.prototype.replace` reads as a pattern in its replacement text. */
const PATTERNS = ['$`', "$'", '$&', '$1'] as const;
/** The product's free text fields; specs are enum values and numbers, which carry no text. */
const FIELDS = ['name', 'brand', 'description', 'size label'] as const;
type Field = (typeof FIELDS)[number];

/** Every store-front page the server renders besides a product's, and two not-found pages. */
const PAGES = [
  '/',
  '/shop',
  '/about',
  '/contact',
  '/cart',
  '/wish-list',
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/no-such-page',
  '/bikes/no-such-bike',
];
const SITE = 'Bi-Cycle Store';

/** As many copies of `unit` as the field holds: the most a product's text can carry. */
function fieldText(field: Field, unit: string): string {
  switch (field) {
    case 'name':
      return `Road ${unit.repeat(20)}`;
    case 'brand':
      return `Velo ${unit.repeat(20)}`;
    case 'description':
      return `Light and quick. ${unit.repeat(200)}`;
    case 'size label':
      return unit.repeat(8);
  }
}

function productFields(field: Field, unit: string): Record<string, string | number> {
  const text = fieldText(field, unit);
  return productForm({
    ...(field === 'name' ? { name: text } : {}),
    ...(field === 'brand' ? { brand: text } : {}),
    ...(field === 'description' ? { description: text } : {}),
    sizes: JSON.stringify([
      {
        label: field === 'size label' ? text : 'M',
        quantity: 4,
        minHeightCm: 165,
        maxHeightCm: 180,
      },
    ]),
    specs: JSON.stringify({ frameMaterial: 'Aluminium', wheelSize: '29"', gears: 12 }),
    quantity: '',
  });
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>' };
const decode = (html: string) =>
  html.replace(/&(#x?[\da-f]+|amp|quot|lt|gt);/gi, (_, code: string) =>
    code.startsWith('#')
      ? String.fromCharCode(Number(code.startsWith('#x') ? `0${code.slice(1)}` : code.slice(1)))
      : (ENTITIES[code] ?? ''),
  );

/** One document, whose data island is one piece of JSON; its size for comparing. */
function expectIntact(html: string, url: string): number {
  expect(html.match(/<!doctype html>/gi), url).toHaveLength(1);
  expect(html.match(/<\/html>/g), url).toHaveLength(1);
  const islands = [
    ...html.matchAll(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/g),
  ];
  expect(islands, url).toHaveLength(1);
  expect(() => JSON.parse(islands[0]?.[1] ?? '') as unknown, url).not.toThrow();
  expect(html.match(/<title>/g), url).toHaveLength(1);
  return Buffer.byteLength(html);
}

describe('store-front pages rendered by the built server bundle', () => {
  let build: StorefrontBuild;
  let admin: TestUser;

  beforeAll(async () => {
    build = await buildStorefront();
  });
  afterAll(() => build.remove());
  const ctx = useTestContext({}, () => ({ clientDir: build.clientDir }));
  beforeEach(async () => {
    await ctx.reset();
    admin = await createUser(ctx, { role: 'admin' });
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  /** Through the dashboard's API: the store's own write empties its caches at once. */
  async function addProduct(fields: Record<string, string | number>): Promise<Product> {
    const res = await sendForm(ctx, 'POST', '/api/v1/products', admin.auth, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Envelope<Product>>().data;
  }

  async function removeProduct(product: Product): Promise<void> {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product._id}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
  }

  /** The catalog pages that show the product, with their sizes, after checking each is whole. */
  async function productPages(product: Product): Promise<Record<string, number>> {
    const urls = ['/', '/shop', `/shop?searchTerm=${encodeURIComponent('Road')}`];
    const sizes: Record<string, number> = {};
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      sizes[url] = expectIntact(res.body, url);
    }
    const page = await get(`/bikes/${product.slug}`);
    expect(page.statusCode).toBe(200);
    sizes.product = expectIntact(page.body, 'product page');
    const title = `${product.name} by ${product.brand} | ${SITE}`;
    expect(decode(/<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '')).toBe(title);
    // React writes attribute values in double quotes, with `"`, `'`, `&`, `<` and `>` escaped: the
    // value cannot end its attribute or open a tag, and reads back as the title.
    const ogTitle = /<meta property="og:title" content="([^"]*)"\/>/.exec(page.body)?.[1] ?? '';
    expect(ogTitle).not.toMatch(/['<>]/);
    expect(decode(ogTitle)).toBe(title);
    return sizes;
  }

  for (const field of FIELDS) {
    for (const pattern of PATTERNS) {
      it(`keeps every page whole with ${pattern} in a product's ${field}`, async () => {
        const plain = await addProduct(productFields(field, 'ab'));
        const plainSizes = await productPages(plain);
        await removeProduct(plain);

        const product = await addProduct(productFields(field, pattern));
        expect(field === 'size label' ? product.sizes?.[0]?.label : product[field]).toBe(
          fieldText(field, pattern),
        );
        const sizes = await productPages(product);
        for (const [page, size] of Object.entries(sizes)) {
          expect(size, page).toBeLessThanOrEqual(2 * (plainSizes[page] ?? 0));
        }
      });
    }
  }

  it('refuses a spec value that is not one of its values, so no spec carries text', async () => {
    for (const pattern of PATTERNS) {
      const res = await sendForm(
        ctx,
        'POST',
        '/api/v1/products',
        admin.auth,
        productForm({ specs: JSON.stringify({ frameMaterial: `Steel ${pattern}` }) }),
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it('keeps every page whole with each pattern in the address query', async () => {
    await addProduct(productFields('name', 'ab'));
    for (const url of PAGES) {
      const query = (text: string) =>
        `${url}?searchTerm=${encodeURIComponent(text)}&q=${encodeURIComponent(text)}`;
      const plain = await get(query('ab'.repeat(20)));
      const plainSize = expectIntact(plain.body, url);
      for (const pattern of PATTERNS) {
        const res = await get(query(pattern.repeat(20)));
        expect(res.statusCode, url).toBe(plain.statusCode);
        expect(expectIntact(res.body, `${url} ${pattern}`)).toBeLessThanOrEqual(2 * plainSize);
      }
    }
  });

  it("writes a page's head from its route and its scripts from Vite's manifest", async () => {
    const product = await addProduct(productForm({ name: 'Head Test Road' }));
    const res = await get(`/bikes/${product.slug}`);
    expect(res.statusCode).toBe(200);
    const head = /<head>(.*)<\/head>/s.exec(res.body)?.[1] ?? '';
    const origin = 'http://store.test';
    expect(head).toContain(`<title>Head Test Road by ${product.brand} | ${SITE}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${origin}/bikes/${product.slug}"/>`);
    expect(head).toContain('<meta property="og:type" content="product"/>');
    expect(head).toMatch(/<meta property="og:image" content="http:\/\/store\.test\/[^"]+"\/>/);
    expect(head).toMatch(/<meta name="description" content="[^"]+"\/>/);
    // The matched route's module, the app the entry starts and what they import, each once.
    for (const file of ['boot-b.js', 'shared-s.js', 'product-page-p.js']) {
      expect(
        head.match(new RegExp(`<link rel="modulepreload" href="/assets/${file}"`, 'g')),
        file,
      ).toHaveLength(1);
    }
    expect(head).toContain('<script type="module" src="/assets/index-e.js" fetchPriority="low">');
    expect(head).toContain('<link rel="stylesheet" href="/assets/index-c.css"/>');
    expect(res.body).toContain('<script type="application/ld+json">');
    // No inline script may run under the CSP: only module scripts and data islands.
    expect(res.body).not.toMatch(
      /<script(?![^>]*type="(module|application\/json|application\/ld\+json)")/,
    );
    // Another page names its own chunk, not the product page's.
    expect((await get('/about')).body).not.toContain('product-page-p.js');
  });

  it('answers 404 with the not-found page for every address that names no page', async () => {
    const product = await addProduct(productForm());
    const notFound = [
      // Past the router's 100-character parameters: the API refuses the address itself (414).
      `/bikes/${'a'.repeat(101)}`,
      `/bikes/${'a'.repeat(300)}`,
      '/bikes/no-such-bike',
      `/bikes/${product.slug}-2`,
      // Not the shape of a slug.
      '/bikes/Not_A_Slug!',
      '/bikes/%25ZZ',
      '/bikes/%00',
      '/bikes/a%2Fb',
      `/bikes/${product.slug}/more`,
      '/no-such-page',
      '/about/more',
    ];
    for (const url of notFound) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain(`<title>Page not found | ${SITE}</title>`);
      expect(res.body, url).toContain('THAT PAGE CAN&#x27;T BE FOUND.');
      expect(res.body, url).not.toContain('rel="canonical"');
    }
    const found = await get(`/bikes/${product.slug}`);
    expect(found.statusCode).toBe(200);
  });
});
