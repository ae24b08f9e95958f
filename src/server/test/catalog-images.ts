import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import type { FilePart } from './catalog-multipart.ts';

/** A photo-like picture (a gradient with noise compresses like a real photo). */
export async function photo(
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif',
  width = 1600,
  height = 1000,
): Promise<Buffer> {
  // GIF quantises noise slowly, so it gets a flat picture.
  const noise = format === 'gif' ? undefined : { type: 'gaussian' as const, mean: 128, sigma: 30 };
  const base = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 30, g: 120, b: 200 },
      ...(noise ? { noise } : {}),
    },
  });
  switch (format) {
    case 'jpeg':
      return base.jpeg({ quality: 80 }).toBuffer();
    case 'png':
      return base.png().toBuffer();
    case 'webp':
      return base.webp().toBuffer();
    case 'gif':
      return base.gif().toBuffer();
    case 'avif':
      return base.avif({ effort: 0 }).toBuffer();
  }
}

/** A JPEG that carries EXIF (camera and GPS-like data) to prove the stored copies drop it. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'StoreTestCam', Model: 'Secret Model', Copyright: 'Someone' } })
    .toBuffer();
}

/**
 * A real 20000 x 20000 PNG (400 megapixels). One colour, so it is only about 1 MB on disk,
 * but decoding it would take 1.2 GB of memory: the shape of a decompression bomb.
 */
export async function pixelBomb(): Promise<Buffer> {
  return sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: '#ffffff' },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export function filePart(
  data: Buffer,
  filename: string,
  contentType: string,
  field = 'imageUrl',
): FilePart {
  return { field, filename, contentType, data };
}

/** The files in the uploads folder (none when it does not exist yet). */
export async function uploadedFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}
