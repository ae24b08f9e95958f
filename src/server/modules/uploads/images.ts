import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '#server/lib/app-error.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Decompression-bomb guard: refuse images over 40 megapixels before decoding them. */
const MAX_IMAGE_PIXELS = 40_000_000;
export const LARGE_WIDTH = 1200;
export const THUMB_WIDTH = 480;
/** Keeps very tall images inside WebP's 16383-pixel side limit and the page sensible. */
const MAX_HEIGHT_RATIO = 4;
/** A last resort against pathological inputs that pass the header checks. */
const ENCODE_TIMEOUT_SECONDS = 15;

/** Types decided by the file's bytes, never by its name or declared type. SVG is never accepted. */
const ACCEPTED = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/webp',
  'image/gif',
  'image/avif',
]);

const KEY_PATTERN = /^[a-f0-9]{32}$/;

/** Where uploads are served by this app; the public URLs add PUBLIC_ASSET_URL in front. */
const UPLOADS_PATH = '/uploads/';

export interface StoredImage {
  key: string;
}

interface ImageUrlPair {
  imageUrl: string | null;
  thumbnailUrl: string | null;
}

/**
 * The URLs the API gives out for stored images: absolute, under PUBLIC_ASSET_URL (the app itself
 * or a CDN in front of it), so that pages and apps on other origins can show them as they are.
 */
export class ImageUrls {
  private readonly prefix: string;

  /** `base` is an absolute URL, with or without a path; a trailing slash is ignored. */
  constructor(base: string) {
    this.prefix = `${base.replace(/\/+$/, '')}${UPLOADS_PATH}`;
  }

  /** The large WebP and its thumbnail, or nulls for a record without an image. */
  of(key: string | null): ImageUrlPair {
    if (!key) return { imageUrl: null, thumbnailUrl: null };
    return {
      imageUrl: `${this.prefix}${key}.webp`,
      thumbnailUrl: `${this.prefix}${key}-thumb.webp`,
    };
  }
}

/** An absolute URL's path ends so; the asset base may add a path of its own before it. */
const UPLOAD_URL = /\/uploads\/([a-f0-9]{32})(?:-thumb)?\.webp$/;
const RELATIVE_UPLOAD_URL = /^\/uploads\/([a-f0-9]{32})(?:-thumb)?\.webp$/;

/**
 * The key of an image URL the API gave out, large or thumbnail: the absolute URL (under whichever
 * asset base served it) or the relative form issued before. Anything else is undefined. Callers
 * compare the key with the record's own, so a URL can only ever name the current image.
 */
export function keyFromUrl(text: string): string | undefined {
  const url = text.trim();
  if (!/^https?:\/\//i.test(url)) return RELATIVE_UPLOAD_URL.exec(url)?.[1];
  try {
    return UPLOAD_URL.exec(new URL(url).pathname)?.[1];
  } catch {
    return undefined;
  }
}

export const imageErrors = {
  empty: () => new AppError(400, 'EMPTY_FILE', 'The image file is empty.'),
  tooLarge: () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Images must be 5 MB or smaller.'),
  tooManyPixels: () =>
    new AppError(
      413,
      'IMAGE_TOO_LARGE',
      'The image has too many pixels. Please upload an image of at most 40 megapixels (for example 8000 x 5000).',
    ),
  unsupported: () =>
    new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Only JPEG, PNG, WebP, GIF or AVIF images are accepted.',
    ),
  unreadable: () =>
    new AppError(400, 'INVALID_IMAGE', 'The image could not be read. Please upload another file.'),
};

async function encode(input: Buffer): Promise<{ large: Buffer; thumb: Buffer }> {
  // Decoded once, at most LARGE_WIDTH wide; failOn 'error' also refuses truncated files.
  const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
    .rotate()
    .resize({
      width: LARGE_WIDTH,
      height: LARGE_WIDTH * MAX_HEIGHT_RATIO,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // Output carries no metadata: sharp drops EXIF, XMP, ICC comments and GPS unless asked to keep them.
  const [large, thumb] = await Promise.all([
    sharp(data, raw).webp({ quality: 80 }).toBuffer(),
    sharp(data, raw)
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer(),
  ]);
  return { large, thumb };
}

/**
 * Checks an upload by its content, reads only its header to refuse decompression bombs, decodes
 * it once, and writes a large and a thumbnail WebP under a random name. Nothing is left on disk
 * unless both files are written.
 */
export class ImageStore {
  constructor(readonly dir: string) {}

  /** Validates and re-encodes without writing: every refusal happens here. */
  async prepare(input: Buffer): Promise<{ large: Buffer; thumb: Buffer }> {
    if (input.length === 0) throw imageErrors.empty();
    if (input.length > MAX_IMAGE_BYTES) throw imageErrors.tooLarge();
    const type = await fileTypeFromBuffer(input);
    if (!type || !ACCEPTED.has(type.mime)) throw imageErrors.unsupported();

    let width: number | undefined;
    let height: number | undefined;
    try {
      ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
    } catch {
      throw imageErrors.unreadable();
    }
    if (!width || !height) throw imageErrors.unreadable();
    if (width * height > MAX_IMAGE_PIXELS) throw imageErrors.tooManyPixels();

    try {
      return await encode(input);
    } catch {
      throw imageErrors.unreadable();
    }
  }

  async save(input: Buffer): Promise<StoredImage> {
    const { large, thumb } = await this.prepare(input);
    await mkdir(this.dir, { recursive: true });
    const key = randomBytes(16).toString('hex');
    try {
      await writeFile(path.join(this.dir, `${key}.webp`), large, { flag: 'wx' });
      await writeFile(path.join(this.dir, `${key}-thumb.webp`), thumb, { flag: 'wx' });
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    return { key };
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key || !KEY_PATTERN.test(key)) return;
    await Promise.all([
      rm(path.join(this.dir, `${key}.webp`), { force: true }),
      rm(path.join(this.dir, `${key}-thumb.webp`), { force: true }),
    ]);
  }
}
