import crypto from 'node:crypto';
import os from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { MSG, POST_IMAGE_MAX_BYTES, POST_IMAGE_MAX_PIXELS, WALL_THUMB_WIDTHS } from '@nomadas/shared';
import { ApiError, badRequest } from '../http/errors.js';
import type { MediaStore } from './media-store.js';

const DISPLAY_MAX_PX = 1440;
/** Part of every file name: new encoding settings give new names, so immutable cached copies never go stale. */
const PIPELINE_VERSION = 'img-v1';
const THUMB_WEBP = { quality: 76 };
/** Raster formats only: SVG, PDF and friends are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** The files of one stored image, by suffix of its `media` stem. */
export const IMAGE_VARIANTS = {
  display: '-1440.webp',
  displayJpeg: '-1440.jpg',
  thumb: '-thumb.webp',
  thumbJpeg: '-thumb.jpg',
  thumbSmall: '-thumb-240.webp',
} as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export interface StoredImage {
  /** Stem of the files, kept in posts.media. */
  media: string;
  /** Size of the display image. */
  width: number;
  height: number;
}

export interface ProcessedImage {
  width: number;
  height: number;
  files: Record<ImageVariant, Buffer>;
}

// Decoding a 40-megapixel photo takes a few hundred MB: a few at a time, the rest wait their turn.
const maxConcurrentImages = Math.max(1, Math.min(4, os.availableParallelism()));
let runningImages = 0;
const waitingImages: (() => void)[] = [];

export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningImages < maxConcurrentImages) runningImages++;
  else await new Promise<void>((resolve) => waitingImages.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingImages.shift();
    if (next) next();
    else runningImages--;
  }
}

async function readMetadata(input: Buffer): Promise<Metadata> {
  try {
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(MSG.postImageInvalid);
  }
}

/**
 * Decodes any accepted photo and re-encodes it: orientation applied, every metadata block
 * (EXIF, GPS, XMP, ICC) dropped, a display size (≤ 1440 px) and a square grid thumbnail,
 * each as WebP and as JPEG, and the thumbnail at 240 px in WebP for phones. Throws a 400 ApiError
 * with a Spanish msg for bad input.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw badRequest(MSG.postImageEmpty);
  if (input.length > POST_IMAGE_MAX_BYTES) throw badRequest(MSG.postImageTooLarge);
  const metadata = await readMetadata(input);
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw badRequest(MSG.postImageInvalid);
  }
  if (metadata.width * metadata.height > POST_IMAGE_MAX_PIXELS) throw badRequest(MSG.postImageTooLarge);

  try {
    const display = await sharp(input, { limitInputPixels: POST_IMAGE_MAX_PIXELS, failOn: 'error' })
      .timeout({ seconds: 60 })
      .autoOrient()
      .resize({ width: DISPLAY_MAX_PX, height: DISPLAY_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = display.info;
    const fromDisplay = () =>
      sharp(display.data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } });
    const thumb = (size: number) =>
      fromDisplay().resize(size, size, { fit: 'cover', position: sharp.strategy.attention });
    const white = { background: '#ffffff' };
    const [displayWebp, displayJpeg, thumbWebp, thumbJpeg, thumbSmall] = await Promise.all([
      fromDisplay().webp({ quality: 80 }).toBuffer(),
      fromDisplay().flatten(white).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
      thumb(WALL_THUMB_WIDTHS.large).webp(THUMB_WEBP).toBuffer(),
      thumb(WALL_THUMB_WIDTHS.large).flatten(white).jpeg({ quality: 78, mozjpeg: true }).toBuffer(),
      thumb(WALL_THUMB_WIDTHS.small).webp(THUMB_WEBP).toBuffer(),
    ]);
    return {
      width,
      height,
      files: { display: displayWebp, displayJpeg, thumb: thumbWebp, thumbJpeg, thumbSmall },
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(MSG.postImageTooLarge);
    throw badRequest(MSG.postImageInvalid);
  }
}

/** Same photo, same names: the stem is a hash of the upload and of the encoding settings. */
function mediaStemOf(input: Buffer): string {
  const hash = crypto.createHash('sha256').update(PIPELINE_VERSION).update(input).digest('hex').slice(0, 32);
  return `posts/${hash.slice(0, 2)}/${hash}`;
}

export function imageKeys(media: string): string[] {
  return Object.values(IMAGE_VARIANTS).map((suffix) => `${media}${suffix}`);
}

/** Removes the files of a stored image. Callers make sure no post still points at it. */
export async function deleteImage(ctx: { media: MediaStore }, media: string): Promise<void> {
  await Promise.all(imageKeys(media).map((key) => ctx.media.remove(key)));
}

/**
 * Processes a photo and stores its files; either all of them are stored or none is.
 * Used by post creation and by the demo seed.
 */
export async function storeImage(ctx: { media: MediaStore }, input: Buffer): Promise<StoredImage> {
  const image = await withImageSlot(() => processImage(input));
  const media = mediaStemOf(input);
  const writes = await Promise.allSettled(
    (Object.keys(IMAGE_VARIANTS) as ImageVariant[]).map((variant) =>
      ctx.media.put(`${media}${IMAGE_VARIANTS[variant]}`, image.files[variant]),
    ),
  );
  const failed = writes.find((write) => write.status === 'rejected');
  if (failed) {
    await deleteImage(ctx, media).catch(() => undefined);
    throw failed.reason;
  }
  return { media, width: image.width, height: image.height };
}

/**
 * Makes the 240 px thumbnail of an image stored before that size existed, from its 480 px one (nothing when
 * that is missing too). The one-off job of modules/posts/small-thumbs.ts calls it for each post without one.
 */
export function deriveSmallThumb(ctx: { media: MediaStore }, media: string): Promise<void> {
  return withImageSlot(async () => {
    const source = await ctx.media.open(`${media}${IMAGE_VARIANTS.thumb}`);
    if (!source) return;
    const small = await source
      .pipe(sharp({ failOn: 'error' }))
      .resize(WALL_THUMB_WIDTHS.small, WALL_THUMB_WIDTHS.small)
      .webp(THUMB_WEBP)
      .toBuffer();
    await ctx.media.put(`${media}${IMAGE_VARIANTS.thumbSmall}`, small);
  });
}

/** Public URLs of a stored image's variants. */
export function imageUrls(store: MediaStore, media: string): Record<ImageVariant, string> {
  return {
    display: store.urlFor(`${media}${IMAGE_VARIANTS.display}`),
    displayJpeg: store.urlFor(`${media}${IMAGE_VARIANTS.displayJpeg}`),
    thumb: store.urlFor(`${media}${IMAGE_VARIANTS.thumb}`),
    thumbJpeg: store.urlFor(`${media}${IMAGE_VARIANTS.thumbJpeg}`),
    thumbSmall: store.urlFor(`${media}${IMAGE_VARIANTS.thumbSmall}`),
  };
}
