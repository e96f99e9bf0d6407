import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '@tus/file-store';
import { MSG, videoUploadQuotaMessage } from '@nomadas/shared';
import type { Config } from '../../config.js';
import { ApiError } from '../../http/errors.js';
import { UPLOAD_OWNER_KEY } from './video-files.js';

/**
 * An upload that got a byte this recently is in progress even with no request on it: the browser tries a
 * dropped connection again within a minute (RETRY_DELAYS of the web's videoUpload.ts).
 */
const IN_PROGRESS_MS = 2 * 60 * 1000;

interface Unfinished {
  id: string;
  /** Declared length; an upload that defers it counts as the largest allowed. */
  bytes: number;
  lastWriteMs: number;
}

type QuotaConfig = Pick<Config, 'videoMaxBytes' | 'videoUploadQuotaBytes' | 'videoUploadExpiryMs'>;

/**
 * What one user may hold in unfinished uploads (in the tus folder `dir` of this instance): one in progress at a
 * time, and at most VIDEO_UNFINISHED_MB declared across them; to make room for a new one, the user's paused
 * uploads go, oldest first, and one kept past VIDEO_UPLOAD_TTL_MIN after its last byte goes anyway.
 */
export function uploadQuota(store: FileStore, dir: string, config: QuotaConfig) {
  /** Uploads a request is writing into now, and users whose creation request is under way. */
  const writing = new Set<string>();
  const starting = new Set<string>();

  async function unfinishedOf(userId: string): Promise<Unfinished[]> {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length));
    const uploads = await Promise.all(
      ids.map(async (id) => {
        const upload = await store.getUpload(id).catch(() => undefined);
        if (upload?.metadata?.[UPLOAD_OWNER_KEY] !== userId) return undefined;
        const stat = await fs.stat(path.join(dir, id)).catch(() => undefined);
        return { id, bytes: upload.size ?? config.videoMaxBytes, lastWriteMs: stat?.mtimeMs ?? 0 };
      }),
    );
    return uploads.filter((upload) => upload !== undefined).sort((a, b) => a.lastWriteMs - b.lastWriteMs);
  }

  return {
    /**
     * Lets `userId` start an upload of `bytes` (undefined when deferred), before a byte of its body is read:
     * 429 while another of theirs is in progress (not tus's 409, which the browser retries), 413 when it alone
     * is over the quota. Call the answer when the creation request is over.
     */
    async admit(userId: string, bytes: number | undefined): Promise<() => void> {
      if (starting.has(userId)) throw new ApiError(429, MSG.videoUploadInProgress);
      starting.add(userId);
      try {
        const asked = bytes ?? config.videoMaxBytes;
        if (asked > config.videoUploadQuotaBytes) {
          throw new ApiError(
            413,
            videoUploadQuotaMessage(Math.floor(config.videoUploadQuotaBytes / 1024 ** 2)),
          );
        }
        const now = Date.now();
        const uploads = await unfinishedOf(userId);
        if (uploads.some((upload) => writing.has(upload.id) || now - upload.lastWriteMs < IN_PROGRESS_MS)) {
          throw new ApiError(429, MSG.videoUploadInProgress);
        }
        let held = uploads.reduce((sum, upload) => sum + upload.bytes, 0);
        for (const upload of uploads) {
          if (
            held + asked <= config.videoUploadQuotaBytes &&
            now - upload.lastWriteMs <= config.videoUploadExpiryMs
          ) {
            continue;
          }
          await store.remove(upload.id).catch(() => undefined);
          held -= upload.bytes;
        }
      } catch (error) {
        starting.delete(userId);
        throw error;
      }
      return () => starting.delete(userId);
    },

    /** Runs `request`, a write into upload `id`, marking that upload in progress meanwhile. */
    async writingInto<T>(id: string, request: () => Promise<T>): Promise<T> {
      writing.add(id);
      try {
        return await request();
      } finally {
        writing.delete(id);
      }
    },
  };
}
