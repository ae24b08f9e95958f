import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: refuse images over 40 megapixels before decoding them. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const LARGE_WIDTH = 1200;
export const THUMB_WIDTH = 480;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export interface StoredImage {
  key: string;
  imageUrl: string;
  thumbnailUrl: string;
}

export function imageUrls(key: string | null): { imageUrl: string | null; thumbnailUrl: string | null } {
  if (!key) return { imageUrl: null, thumbnailUrl: null };
  return { imageUrl: `/uploads/${key}.webp`, thumbnailUrl: `/uploads/${key}-thumb.webp` };
}

/** The key of an upload URL we issued, or undefined for anything else. */
export function keyFromUrl(url: string): string | undefined {
  return /^\/uploads\/([a-z0-9]{32})\.webp$/.exec(url)?.[1];
}

const unsupported = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Only JPEG, PNG, WebP, GIF or AVIF images are accepted.');

/**
 * Checks an upload by its content, decodes it with a pixel limit, and writes a large and a
 * thumbnail WebP with all metadata stripped. Nothing is written unless both encodes succeed.
 */
export class ImageStore {
  constructor(readonly dir: string) {}

  async save(input: Buffer): Promise<StoredImage> {
    if (input.length === 0) throw new AppError(400, 'EMPTY_FILE', 'The image file is empty.');
    if (input.length > MAX_IMAGE_BYTES) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller.');
    }
    const type = await fileTypeFromBuffer(input);
    if (!type || !ACCEPTED.has(type.mime)) throw unsupported();

    const decode = () => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    let large: Buffer;
    let thumb: Buffer;
    try {
      const meta = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new Error('too many pixels');
      [large, thumb] = await Promise.all([
        decode().resize({ width: LARGE_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
        decode().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer(),
      ]);
    } catch {
      throw new AppError(400, 'INVALID_IMAGE', 'The image could not be read. Please upload another file.');
    }
    await mkdir(this.dir, { recursive: true });
    const key = randomBytes(16).toString('hex');
    await writeFile(path.join(this.dir, `${key}.webp`), large, { flag: 'wx' });
    await writeFile(path.join(this.dir, `${key}-thumb.webp`), thumb, { flag: 'wx' });
    return { key, ...(imageUrls(key) as { imageUrl: string; thumbnailUrl: string }) };
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key || !/^[a-z0-9]{32}$/.test(key)) return;
    await Promise.all([
      rm(path.join(this.dir, `${key}.webp`), { force: true }),
      rm(path.join(this.dir, `${key}-thumb.webp`), { force: true }),
    ]);
  }
}
