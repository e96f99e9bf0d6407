import { MSG, POST_IMAGE_MAX_BYTES } from '@nomadas/shared';
import { esComposer } from '../../i18n/screens/composer';

/** Longest side sent from the browser; the server re-encodes to ≤ 1440 px anyway, so more is wasted data. */
export const UPLOAD_MAX_SIDE = 2560;
const UPLOAD_JPEG_QUALITY = 0.9;

/** What is wrong with a chosen file before anything is sent, or null. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  // Some pickers leave the type empty: the preview and then the server decide for those.
  const isImage = file.type === '' || (file.type.startsWith('image/') && file.type !== 'image/svg+xml');
  if (!isImage) return MSG.postImageInvalid;
  if (file.size === 0) return MSG.postImageEmpty;
  if (file.size > POST_IMAGE_MAX_BYTES) return esComposer.photoTooLarge;
  return null;
}

const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** '850 KB', '4,2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/** Target size that fits `maxSide`, or null when the image already does. */
export function fitWithin(width: number, height: number, maxSide = UPLOAD_MAX_SIDE) {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return null;
  const scale = maxSide / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, '') || 'foto';

/**
 * The file to upload: a photo larger than UPLOAD_MAX_SIDE is redrawn as a JPEG that fits, which saves
 * data on mobile connections (and drops its EXIF, GPS included). Anything that cannot be shrunk here
 * (no createImageBitmap, a GIF, a decoding error, a result that is not smaller) goes as it is.
 * `known` is the size the preview decoded, if any.
 */
export async function shrinkPhoto(file: File, known?: { width: number; height: number }): Promise<File> {
  if (typeof createImageBitmap !== 'function' || file.type === 'image/gif') return file;
  // The preview already told us its size: no need to decode a photo that fits.
  if (known && !fitWithin(known.width, known.height)) return file;
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const target = fitWithin(bitmap.width, bitmap.height);
    if (!target) return file;
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG gets white behind it, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, target.width, target.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, target.width, target.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', UPLOAD_JPEG_QUALITY),
    );
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], `${baseName(file.name)}.jpg`, {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
