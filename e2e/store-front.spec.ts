import { expect, test, type Page } from '@playwright/test';
import { appStarted } from './support/app-started.ts';
import {
  addFromCard,
  card,
  cards,
  IN_STOCK_SHOP,
  closeFilters,
  expectToast,
  listProducts,
  newOneSizeBicycle,
  openFilters,
  productInStock,
  searchShop,
} from './support/store-catalog.ts';

const cartButton = (page: Page) => page.getByRole('link', { name: 'Cart', exact: true });
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Your Cart' });

/** The footer loads as the shopper scrolls towards it. */
async function revealFooter(page: Page) {
  await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  return footer;
}

test.describe('home', () => {
  test('a rotating hero with Explore Now, and the six newest bicycles', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Featured bicycles' });
    for (const n of [1, 2, 3])
      await expect(hero.getByRole('button', { name: `Show slide ${String(n)}` })).toBeVisible();

    const first = hero.getByRole('img', { name: /yellow road bicycle/ });
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('width', '1600');

    await hero.getByRole('button', { name: 'Pause slideshow' }).click();
    await hero.getByRole('button', { name: /Show slide 2/ }).click();
    await expect(hero.getByRole('heading', { name: 'Conquer every trail' })).toBeVisible();
    await expect(hero.getByRole('heading', { name: 'Ride the open road' })).toBeHidden();

    const newest = await listProducts(request, { limit: 6 });
    const featured = page.getByRole('region', { name: 'Featured Products' });
    await expect(featured.getByRole('article')).toHaveCount(6);
    await expect(featured.getByRole('heading', { level: 3 })).toHaveText(
      newest.data.map((p) => p.name),
    );

    await hero.getByRole('link', { name: 'Explore Now' }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { name: 'Shop Now' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'View All Products' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('the footer has quick links, support email, address, hours and social links', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = await revealFooter(page);
    await expect(
      footer.getByText('Customer service hours: 8:00 AM to 18:00, closed Saturday and Sunday'),
    ).toBeVisible();
    await expect(footer.getByRole('link', { name: 'support@bicycle-store.com' })).toHaveAttribute(
      'href',
      'mailto:support@bicycle-store.com',
    );
    await expect(footer.getByText(/221 Spoke Street, Portland, OR 97209/)).toBeVisible();
    const quick = footer.getByRole('navigation', { name: 'Quick links' });
    await expect(quick.getByRole('link')).toHaveText(['Home', 'Shop', 'About', 'Contact']);
    for (const network of ['Facebook', 'Instagram', 'X', 'YouTube']) {
      await expect(
        footer.getByRole('link', { name: `Bi-Cycle Store on ${network}` }),
      ).toBeVisible();
    }
  });
});

test.describe('shop', () => {
  test('browses page by page, searches by name and says when nothing matches', async ({
    page,
    request,
  }) => {
    const all = await listProducts(request);
    await page.goto('/shop');
    await expect(page.getByRole('heading', { name: 'Shop Now' })).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(24, all.meta.total));
    await expect(page.getByText(`${String(all.meta.total)} results`)).toBeVisible();

    const pages = page.getByRole('navigation', { name: 'Product pages' });
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Other journeys add bicycles: the second page holds what is left, up to a full page.
    await expect(cards(page)).toHaveCount(Math.min(24, all.meta.total - 24));
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(cards(page)).toHaveCount(24);

    const target = all.data.find((p) => p.name === 'Marlin 5') ?? all.data[0]!;
    const term = target.name.toLowerCase().slice(0, 6);
    await openFilters(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(term);
    await closeFilters(page);
    // Search reads brands, categories and specs too, and other journeys add bicycles: the page
    // shows the first page of what the API finds for the same term, the target among them.
    const found = await listProducts(request, { searchTerm: term });
    expect(found.data.map((p) => p.name)).toContain(target.name);
    await expect(cards(page)).toHaveCount(Math.min(24, found.meta.total));
    await expect(card(page, target.name)).toBeVisible();

    await openFilters(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('no bicycle is called this');
    await closeFilters(page);
    await expect(page.getByText('No products found!')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('each filter narrows the grid; choosing the active category or stock again clears it', async ({
    page,
    request,
  }) => {
    const total = (await listProducts(request)).meta.total;
    await page.goto('/shop');
    await openFilters(page);
    const results = (n: number) =>
      page.getByText(`${String(n)} ${n === 1 ? 'result' : 'results'}`, { exact: true });
    await expect(results(total)).toBeVisible();

    const road = (await listProducts(request, { category: 'Road Bicycle' })).meta.total;
    const category = page.getByRole('button', { name: 'Road Bicycle', exact: true });
    await category.click();
    await expect(category).toHaveAttribute('aria-pressed', 'true');
    await expect(results(road)).toBeVisible();
    await closeFilters(page);
    for (const c of await cards(page).all())
      await expect(c.getByText('Road Bicycle')).toBeVisible();
    await openFilters(page);
    await category.click();
    await expect(category).toHaveAttribute('aria-pressed', 'false');
    await expect(results(total)).toBeVisible();

    for (const [label, stock] of [
      ['Out Of Stock', 'outOfStock'],
      ['Low Stock', 'lowStock'],
      ['In Stock', 'inStock'],
    ] as const) {
      const n = (await listProducts(request, { stock })).meta.total;
      const choice = page.getByRole('button', { name: label, exact: true });
      await choice.click();
      await expect(results(n)).toBeVisible();
      await closeFilters(page);
      for (const c of await cards(page).all())
        await expect(c.getByText(label, { exact: true })).toBeVisible();
      await openFilters(page);
      await choice.click();
      await expect(results(total)).toBeVisible();
    }

    const inRange = (await listProducts(request, { minPrice: 200, maxPrice: 300 })).meta.total;
    const priceSwitch = page.getByRole('switch', { name: 'Filter by price' });
    await priceSwitch.check();
    await expect(results(inRange)).toBeVisible();
    await closeFilters(page);
    const prices = await cards(page)
      .getByText(/^\$[\d,]+\.\d\d$/)
      .allTextContents();
    for (const price of prices) {
      const value = Number(price.replace(/[$,]/g, ''));
      expect(value).toBeGreaterThanOrEqual(200);
      expect(value).toBeLessThanOrEqual(300);
    }

    await openFilters(page);
    const maxThumb = page.getByRole('slider', { name: 'Maximum price' });
    await expect(maxThumb).toHaveAttribute('aria-valuetext', '$300');
    await maxThumb.focus();
    for (let i = 0; i < 20; i += 1) await page.keyboard.press('ArrowRight');
    await expect(maxThumb).toHaveAttribute('aria-valuetext', '$400');
    const widened = (await listProducts(request, { minPrice: 200, maxPrice: 400 })).meta.total;
    await expect(results(widened)).toBeVisible();

    await priceSwitch.uncheck();
    await expect(results(total)).toBeVisible();
  });

  test('the details modal shows the product, toggles the wishlist and closes on Escape and outside', async ({
    page,
    request,
  }) => {
    const product = await productInStock(request);
    await page.goto('/shop');
    const productCard = await searchShop(page, product.name);
    await productCard.getByRole('link', { name: 'View Details' }).click();

    const modal = page.getByRole('dialog', { name: product.name });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(product.brand, { exact: true })).toBeVisible();
    await expect(modal.getByText(product.category, { exact: true })).toBeVisible();
    await expect(modal.getByText(product.description)).toBeVisible();
    await expect(modal.getByText('In Stock', { exact: true })).toBeVisible();
    await expect(
      modal.getByRole('img', { name: `${product.brand} ${product.name}` }),
    ).toBeVisible();

    await modal.getByRole('button', { name: 'Add to Wishlist' }).click();
    await expectToast(page, 'Added to your wishlist!');
    await expect(modal.getByRole('button', { name: 'Added to Wishlist' })).toBeVisible();
    await modal.getByRole('button', { name: 'Added to Wishlist' }).click();
    await expectToast(page, 'Removed from your wishlist!');
    await expect(modal.getByRole('button', { name: 'Add to Wishlist' })).toBeVisible();

    await modal.getByRole('button', { name: 'Add to Cart' }).click();
    await expectToast(page, 'Item added to cart!');

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await productCard.getByRole('link', { name: 'View Details' }).click();
    await expect(modal).toBeVisible();
    await page.mouse.click(5, 200);
    await expect(modal).toBeHidden();
  });
});

test.describe('cart', () => {
  test('adds, increases, decreases, removes and clears, with the rules at the stock limits', async ({
    page,
    request,
  }) => {
    // A bicycle of its own with 2 in stock: other journeys buy from the demo catalog meanwhile.
    const two = await newOneSizeBicycle(request, 2);
    const soldOut = (await listProducts(request, { stock: 'outOfStock' })).data[0]!;
    await page.goto('/shop');

    const twoCard = await searchShop(page, two.name);
    await twoCard.getByRole('button', { name: 'Add To Cart' }).click();
    await expectToast(page, 'Item added to cart!');
    await twoCard.getByRole('button', { name: 'Add To Cart' }).click();
    await expectToast(page, 'Item added to cart!');
    await twoCard.getByRole('button', { name: 'Add To Cart' }).click();
    await expectToast(page, 'No more stock available!');

    const soldOutCard = await searchShop(page, soldOut.name);
    await soldOutCard.getByRole('button', { name: 'Add To Cart' }).click();
    await expectToast(
      page,
      'This item is out of stock. Check similar products or try again later.',
    );

    await expect(cartButton(page)).toHaveAccessibleDescription('1 item');
    await cartButton(page).click();
    await expect(drawer(page)).toBeVisible();
    const line = drawer(page).getByRole('listitem').filter({ hasText: two.name });
    await expect(line.getByLabel('Quantity', { exact: true })).toHaveText('2');
    await line.getByRole('button', { name: 'Increase quantity' }).click();
    await expectToast(page, 'No more stock available!');
    await line.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(line.getByLabel('Quantity', { exact: true })).toHaveText('1');
    await line.getByRole('button', { name: 'Decrease quantity' }).click();
    await expectToast(page, 'You cannot reduce below 1. Remove item instead.');
    await expect(line.getByLabel('Quantity', { exact: true })).toHaveText('1');

    await drawer(page).getByRole('link', { name: 'View Cart' }).click();
    await expect(drawer(page)).toBeHidden();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole('columnheader')).toHaveText([
      'Product',
      'Quantity',
      'Total Price',
      'Actions',
    ]);
    const row = page.getByRole('row', { name: new RegExp(two.name) });
    await row.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(row.getByLabel('Quantity', { exact: true })).toHaveText('2');
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      two.price * 2,
    );
    await expect(row.getByRole('cell', { name: total })).toBeVisible();
    await expect(page.getByTestId('cart-total')).toHaveText(total);
    await row.getByRole('button', { name: 'Increase quantity' }).click();
    await expectToast(page, 'No more stock available!');

    await row.getByRole('button', { name: 'Remove item' }).click();
    await expectToast(page, 'Item removed from cart!');
    await expect(page.getByText('No items in cart')).toBeVisible();

    await cartButton(page).click();
    await expect(drawer(page).getByText('No items in cart')).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await drawer(page).getByRole('button', { name: 'Close cart' }).click();

    await page.goto(IN_STOCK_SHOP);
    const inStock = cards(page);
    await addFromCard(page, inStock.nth(0));
    await expectToast(page, 'Item added to cart!');
    await addFromCard(page, inStock.nth(1));
    await expectToast(page, 'Item added to cart!');
    await expect(cartButton(page)).toHaveAccessibleDescription('2 items');
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expectToast(page, 'Cart cleared!');
    await expect(page.getByText('No items in cart')).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleDescription('0 items');
  });
});

test.describe('wishlist', () => {
  test('adds, refuses a duplicate, moves to the cart, removes, and keeps both lists after a reload', async ({
    page,
    request,
  }) => {
    const product = await productInStock(request);
    await page.goto('/shop');
    const productCard = await searchShop(page, product.name);
    await productCard.hover();
    await productCard.getByRole('button', { name: 'Add to wishlist' }).click();
    await expectToast(page, 'Added to your wishlist!');
    await productCard.getByRole('button', { name: 'Add to wishlist' }).click();
    await expectToast(page, 'Product already in your wishlist!');
    await productCard.getByRole('button', { name: 'Add To Cart' }).click();
    await expectToast(page, 'Item added to cart!');

    await page.reload();
    await expect(
      page.getByRole('link', { name: 'Wishlist', exact: true }),
    ).toHaveAccessibleDescription('1 item');
    await expect(cartButton(page)).toHaveAccessibleDescription('1 item');

    await page.getByRole('link', { name: 'Wishlist', exact: true }).click();
    await expect(page).toHaveURL(/\/wish-list$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(/Home\s*-\s*WishList/);
    await expect(page.getByRole('heading', { name: 'My Wishlist' })).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Product',
      'Unit Price',
      'Stock Status',
      'Add to cart',
    ]);
    const row = page.getByRole('row', { name: new RegExp(product.name) });
    await expect(row.getByText(product.brand, { exact: true })).toBeVisible();
    await expect(row.getByText('In Stock')).toBeVisible();
    await expect(row.getByRole('cell', { name: /^\$/ }).first()).toBeVisible();

    await row.getByRole('button', { name: 'Add To Cart' }).click();
    await expectToast(page, 'Item added to cart!');
    await cartButton(page).click();
    await expect(
      drawer(page)
        .getByRole('listitem')
        .filter({ hasText: product.name })
        .getByLabel('Quantity', { exact: true }),
    ).toHaveText('2');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Remove from wishlist' }).click();
    await expectToast(page, 'Removed from your wishlist!');
    await expect(page.getByText('No items in wishlist')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No items in wishlist')).toBeVisible();
  });
});

test.describe('layout', () => {
  test('the menu: a collapsible panel on phones that locks scrolling, plain links on wide screens', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    // The scroll lock and the button's state are the app's: the browser alone opens the menu.
    await appStarted(page);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    if (!isMobile) {
      await expect(menuButton).toBeHidden();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'About' })
        .click();
      await expect(page).toHaveURL(/\/about$/);
      return;
    }
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('about links to the shop; the contact form answers every submit', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('link', { name: 'Explore Our Bikes' }).click();
    await expect(page).toHaveURL(/\/shop$/);

    await page.goto('/contact');
    await page.getByLabel('Name').fill('Ada');
    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Website').fill('example');
    await page.getByLabel('Comment').fill('Do you sell tandems?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Improvements are underway, stay tuned!');
  });
});
