import type { Config } from '../config.js';
import { createDiskMediaStore, type MediaStore } from './media-store.js';
import type { S3MediaStore } from './s3-media-store.js';

/** The store the configuration names, and where /media/ reads its files (serve-media.routes.ts). */
export interface MediaBackend {
  store: MediaStore;
  files: { disk: string } | { bucket: S3MediaStore };
  close(): void;
}

/** A bucket when MEDIA_S3_BUCKET is set, else MEDIA_DIR on disk (README "Configuration"). */
export async function createMediaStore(
  config: Pick<Config, 'mediaDir' | 'mediaBucket'>,
): Promise<MediaBackend> {
  if (config.mediaBucket) {
    // Loaded only when used: the SDK takes some 250 ms and 25 MB to load, which a disk-only instance never needs.
    const { createS3MediaStore } = await import('./s3-media-store.js');
    const bucket = createS3MediaStore(config.mediaBucket);
    return { store: bucket, files: { bucket }, close: () => bucket.close() };
  }
  const store = await createDiskMediaStore(config.mediaDir);
  return { store, files: { disk: config.mediaDir }, close: () => undefined };
}
