import { expect, test } from '@playwright/test';
import { appStarted } from './support/app-started.ts';
import { consoleProblems } from './support/console-problems.ts';
import { signInAdmin } from './support/dashboard-api.ts';
import {
  addFromCard,
  cards,
  IN_STOCK_SHOP,
  listProducts,
  type CatalogProduct,
} from './support/store-catalog.ts';

const PUBLIC_PAGES: [path: string, text: string, title: string][] = [
  ['/', 'Ride the open road', 'Bi-Cycle Store | Bicycles for every road, trail and school run'],
  ['/shop', 'Shop Now</h1>', 'Shop Now | Bi-Cycle Store'],
  ['/about', '<h1', 'About Us | Bi-Cycle Store'],
  ['/contact', 'Get in touch</h1>', 'Contact Us | Bi-Cycle Store'],
  ['/cart', 'Shopping Cart</h1>', 'Shopping Cart | Bi-Cycle Store'],
  ['/wish-list', 'My Wishlist</h1>', 'My Wishlist | Bi-Cycle Store'],
  ['/sign-in', '<form', 'Sign In | Bi-Cycle Store'],
  ['/sign-up', '<form', 'Sign Up | Bi-Cycle Store'],
];

test.describe('server-rendered store front', () => {
  test('every public page arrives as HTML with its content, its head and the footer', async ({
    request,
    baseURL,
  }) => {
    for (const [path, text, title] of PUBLIC_PAGES) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toContain('<div id="root"></div>');
      expect(html, path).toContain(text);
      expect(html, path).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
      expect(html, path).toContain('Quick Links');
      expect(html, path).toContain('support@bicycle-store.com');
      expect(html, path).toContain(`<link rel="canonical" href="${String(baseURL)}${path}"/>`);
      expect(html, path).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"\/>/);
      // No inline script may run under the CSP: the data travels as JSON.
      expect(html, path).not.toMatch(/<script(?![^>]*(type="module"|type="application\/json"))/);
    }
  });

  test('the home page names its first picture and carries its data', async ({ request }) => {
    const home = await (await request.get('/')).text();
    expect(home).toMatch(/<link rel="preload" as="image"[^>]*hero-road-800\.webp/);
    const { data: newest } = await listProducts(request, { limit: 6 });
    for (const product of newest) expect(home).toContain(product.name);
    expect(home).toContain('<script type="application/json" id="initial-data">');
  });

  test('a phone fetches the first picture at its own width only', async ({ browser }) => {
    // The preload is read before the page's layout exists: it must come after the viewport meta,
    // or a phone chooses the width for a 980 px desktop viewport and fetches both pictures.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      screen: { width: 412, height: 915 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    const heroes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/hero/')) heroes.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(heroes).toEqual(['/hero/hero-road-800.webp']);
    await context.close();
  });

  test('a filtered shop address lists the matching bicycles in the HTML', async ({ request }) => {
    const { data: road } = await listProducts(request, { category: 'Road Bicycle', limit: 24 });
    const { data: others } = await listProducts(request, { category: 'BMX Bike', limit: 24 });
    expect(road.length).toBeGreaterThan(0);
    const html = await (await request.get('/shop?category=Road%20Bicycle')).text();
    for (const product of road) expect(html).toContain(product.name);
    for (const product of others) expect(html).not.toContain(`>${product.name}<`);
  });

  test('an unknown path answers 404 with the not-found page; signed-in pages stay in the browser or ask for a session', async ({
    request,
  }) => {
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    const html = await missing.text();
    expect(html).toContain('THAT PAGE CAN&#x27;T BE FOUND.');
    expect(html).toContain('Quick Links');
    const dashboard = await request.get('/dashboard');
    expect(dashboard.status()).toBe(200);
    expect(await dashboard.text()).toContain('<div id="root"></div>');
    // The account's pages are drawn by the server for their signed-in visitor only (decision 032).
    for (const path of ['/me', '/orders', '/orders/BC-100001', '/orders/BC-100001/review']) {
      const account = await request.get(path, { maxRedirects: 0 });
      expect(account.status(), path).toBe(302);
      expect(account.headers().location).toBe(
        `/sign-in?${new URLSearchParams({ redirect: path }).toString()}`,
      );
    }
  });

  test("a payment's result arrives in the store's frame, checking, and is drawn for its owner", async ({
    request,
  }) => {
    const res = await request.get('/payment-success?order_id=x');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('Checking your payment');
    expect(html).toContain('Quick Links');
    expect(html).not.toContain('<div id="root"></div>');
    // Nothing about a shopper's order is kept for the next visitor.
    expect(res.headers()['cache-control'] ?? '').not.toContain('public');
    const bare = await request.get('/payment-success', { maxRedirects: 0 });
    expect(bare.status()).toBe(302);
    expect(bare.headers().location).toBe('/');
  });

  test('a product page arrives with its name, price and structured data; an unknown one is 404', async ({
    request,
  }) => {
    const [product] = (await listProducts(request, { limit: 1 })).data as (CatalogProduct & {
      slug: string;
    })[];
    const res = await request.get(`/bikes/${product!.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(product!.name);
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toContain('Quick Links');
    expect((await request.get('/bikes/no-such-bike')).status()).toBe(404);
  });

  test('a renamed product answers its earlier address with 301 to the current one', async ({
    request,
  }) => {
    const { token } = await signInAdmin(request);
    const { data } = await listProducts(request, { limit: 100 });
    const product = data[data.length - 1] as CatalogProduct & { slug: string };
    const rename = async (name: string) => {
      const res = await request.put(`/api/v1/products/${product._id}`, {
        headers: { authorization: token },
        multipart: {
          name,
          brand: product.brand,
          category: product.category,
          price: String(product.price),
          quantity: String(product.quantity),
          description: product.description,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: { slug: string } }).data.slug;
    };
    const slug = await rename(`${product.name} Renamed`);
    try {
      expect(slug).not.toBe(product.slug);
      const old = await request.get(`/bikes/${product.slug}`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe(`/bikes/${slug}`);
      expect((await request.get(`/bikes/${slug}`)).status()).toBe(200);
    } finally {
      await rename(product.name);
    }
  });

  // A price in the address puts the slider on screen, whose code the server does not render.
  for (const path of ['/', '/shop', '/shop?maxPrice=800', '/about']) {
    test(`${path} hydrates without console errors or warnings, and without fetching its data again`, async ({
      page,
    }) => {
      const problems = consoleProblems(page);
      const catalogCalls: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/api/v1/products')) catalogCalls.push(req.url());
      });
      await page.goto(path);
      // Interactive: the cart drawer opens from the header (before, the link opens the cart page).
      await appStarted(page);
      await page.getByRole('link', { name: 'Cart', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(catalogCalls).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('a product page hydrates without console problems and without asking for its data again', async ({
    page,
    request,
  }) => {
    const [product] = (await listProducts(request, { limit: 1 })).data as (CatalogProduct & {
      slug: string;
    })[];
    const problems = consoleProblems(page);
    const catalogCalls: string[] = [];
    page.on('request', (req) => {
      // A reviewed bicycle's list of reviews loads as its section nears the screen, by design
      // (`product-reviews.tsx`): it is not the page's data asked for again.
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/api/v1/products') && !pathname.endsWith('/reviews'))
        catalogCalls.push(req.url());
    });
    await page.goto(`/bikes/${product!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(product!.name);
    await appStarted(page);
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(catalogCalls).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the app adopts the served markup instead of drawing it again', async ({ page }) => {
    const problems = consoleProblems(page);
    // Marks the hero picture the HTML parser creates, and only that element.
    // (A string: the e2e code is typed for Node, without the DOM.)
    await page.addInitScript(`
      const observer = new MutationObserver(() => {
        const img = document.querySelector('#root img');
        if (!img) return;
        img.dataset.served = 'yes';
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    `);
    await page.goto('/');
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(page.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await expect(page.locator('#root img[data-served="yes"]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('the page shows before its code runs, and a tap from that moment is not lost', async ({
    page,
  }) => {
    const problems = consoleProblems(page);
    // Holds the app's code back until the shopper has tapped: the tap surely comes first.
    let release = () => {};
    const tapped = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/first-load-*.js', async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto('/shop', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Now' })).toBeVisible();
    // Before the app runs, Cart is the link it is: the cart page opens, not a drawer.
    await page.getByRole('link', { name: 'Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await appStarted(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("a link asks for the page's data while its code is still on the way", async ({ page }) => {
    await page.goto('/shop');
    // Before the app runs a link is the browser's own, and the server renders the page.
    await appStarted(page);
    const link = page.locator('main a[href^="/bikes/"]').first();
    const href = await link.getAttribute('href');
    const slug = href?.split('/').pop() ?? '';
    // The product page's code is held back: its data must be asked for all the same.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/product-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const dataAsked = page.waitForRequest(`**/api/v1/products/slug/${slug}`);
    await link.click();
    await dataAsked;
    release();
    await expect(page).toHaveURL(new RegExp(`/bikes/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test("navigating sets each page's head, one of each tag", async ({ page, baseURL }) => {
    await page.goto('/');
    await appStarted(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveTitle('About Us | Bi-Cycle Store');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Shop' }).click();
    await expect(page).toHaveTitle('Shop Now | Bi-Cycle Store');
    // The server's tags were adopted and then replaced, not added to.
    const head = page.locator('head');
    await expect(head.locator('title')).toHaveCount(1);
    await expect(head.locator('meta[name="description"]')).toHaveCount(1);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Shop Now | Bi-Cycle Store',
    );
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${String(baseURL)}/shop`,
    );
  });

  test('a returning shopper sees the saved cart after hydration', async ({ page }) => {
    const problems = consoleProblems(page);
    await page.goto(IN_STOCK_SHOP);
    const inStock = cards(page).first();
    await addFromCard(page, inStock);
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAccessibleDescription(
      '1 item',
    );
    // The HTML says "0 items" for everyone; the saved cart applies right after the first render.
    await page.reload();
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAccessibleDescription(
      '1 item',
    );
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Cart', exact: true })).toHaveAccessibleDescription(
      '1 item',
    );
    expect(problems).toEqual([]);
  });
});
