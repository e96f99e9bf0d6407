import { storeImage } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import type { AppContext } from '../../context.js';
import { releaseImage } from '../posts/posts.service.js';
import { originalStoreKey } from '../videos/video-files.js';
import type { VideoFiles } from './channel-videos.queries.js';

// The files of channels: their avatar and cover (through the image pipeline) and their videos' files.

/**
 * A channel's avatar or cover through the wall's image pipeline (decoded, re-encoded, metadata dropped):
 * stored under a stem named by its content, like posts' photos, so the same picture is one set of files.
 * Throws the pipeline's 400 before anything is stored when it is not an image.
 */
export async function storeChannelImage(ctx: { media: MediaStore }, input: Buffer): Promise<string> {
  return (await storeImage(ctx, input)).media;
}

/** After the commit: the files of images no post, place or channel shows any more. */
export async function releaseChannelImages(ctx: AppContext, stems: string[]): Promise<void> {
  for (const stem of new Set(stems)) await releaseImage(ctx, stem);
}

/**
 * After the commit: deleted videos' files and waiting originals, in the media store (a missing one is no
 * error). A job already working on an original has its own copy until it finds the video gone, and then
 * removes what it made (modules/videos).
 */
export async function removeVideoFiles(ctx: Pick<AppContext, 'media'>, files: VideoFiles): Promise<void> {
  await Promise.all([
    ...files.keys.map((key) => ctx.media.remove(key)),
    ...files.originals.map((key) => ctx.media.remove(originalStoreKey(key))),
  ]);
}
