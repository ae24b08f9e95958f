import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#shared/contract/product.ts';
import { nthProduct, okResponse, pageResponse, renderWithStore } from '#client/test/testing.tsx';
import { ProductPage } from '../product-page.tsx';
import { galleryOf, stepFor } from './gallery-images.ts';

const picture = (n: number, alt: string) => ({
  _id: `00000000-0000-4000-8000-00000000010${String(n)}`,
  url: `https://cdn.test/uploads/g${String(n)}.webp`,
  thumbnailUrl: `https://cdn.test/uploads/g${String(n)}-thumb.webp`,
  alt,
});
const images = [picture(1, 'Side view'), picture(2, 'Drivetrain'), picture(3, 'Blue colourway')];

function bike(overrides: Partial<Product> = {}): Product {
  return nthProduct(7, 'Marlin', {
    imageUrl: images[0]?.url ?? null,
    thumbnailUrl: images[0]?.thumbnailUrl ?? null,
    images,
    ...overrides,
  });
}

function open(product: Product) {
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) =>
      Promise.resolve(
        new URL(request.url).pathname.startsWith('/api/v1/products/slug/')
          ? okResponse(product)
          : pageResponse([], 4, 1),
      ),
    ),
  );
  return renderWithStore(<ProductPage />, {
    path: '/bikes/:slug',
    initialEntry: `/bikes/${product.slug}`,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the product gallery', () => {
  it('shows the first picture with its srcset, thumbnails that pick one, and arrow keys', async () => {
    const user = userEvent.setup();
    open(bike());
    const strip = await screen.findByRole('group', { name: 'Picture 1 of 3: Side view' });
    const first = within(strip).getByRole('img', { name: 'Side view' });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('srcset', expect.stringContaining('g1-thumb.webp 480w'));
    expect(screen.getByRole('link', { name: 'Picture 3: Blue colourway' })).toHaveAttribute(
      'href',
      '#picture-3',
    );
    expect(screen.getByRole('img', { name: 'Blue colourway' })).toHaveAttribute('id', 'picture-3');
    await user.click(screen.getByRole('link', { name: 'Picture 3: Blue colourway' }));
    expect(strip).toHaveAccessibleName('Picture 3 of 3: Blue colourway');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('link', { name: 'Picture 2: Drivetrain' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Picture 2: Drivetrain' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('zooms into the current picture in a dialog that Escape closes, focus back on Zoom', async () => {
    const user = userEvent.setup();
    open(bike());
    const zoom = await screen.findByRole('link', { name: 'Zoom picture 1' });
    await user.click(zoom);
    const dialog = await screen.findByRole('dialog', { name: /^Picture 1 of 3/ });
    expect(within(dialog).getByRole('img', { name: 'Side view' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(within(dialog).getByRole('img', { name: 'Drivetrain' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Zoom picture 2' })).toHaveFocus();
  });

  it('lists every picture in the JSON-LD image', async () => {
    const { container } = open(bike());
    await screen.findByRole('heading', { level: 1 });
    const raw = container.querySelector('script[type="application/ld+json"]')?.innerHTML ?? '';
    const [product] = JSON.parse(raw) as [{ image: string[] }];
    expect(product.image).toEqual(images.map((i) => i.url));
  });

  it('falls back to the one image of an answer without a gallery, and steps within bounds', () => {
    const { images: _, ...listed } = bike();
    expect(galleryOf(listed)).toEqual([
      {
        _id: listed._id,
        url: images[0]?.url,
        thumbnailUrl: images[0]?.thumbnailUrl,
        alt: 'Trek Marlin 7',
      },
    ]);
    expect(galleryOf({ ...listed, imageUrl: null })).toEqual([]);
    expect([stepFor('ArrowRight', 2, 3), stepFor('ArrowLeft', 0, 3), stepFor('End', 0, 3)]).toEqual(
      [2, 0, 2],
    );
    expect(stepFor('Enter', 0, 3)).toBeUndefined();
  });
});
