import {
  MSG,
  VIDEO_UPLOAD_CHUNK_BYTES,
  VIDEO_UPLOAD_METADATA,
  VIDEO_UPLOAD_PATH,
  VIDEO_UPLOAD_RESULT_HEADER,
} from '@nomadas/shared';
import * as tus from 'tus-js-client';
import type { DetailedError, PreviousUpload, Upload, UploadOptions } from 'tus-js-client';
import { queryClient } from '../../../api/queryClient';
import { channelRoot } from '../../../api/queries/channel';
import { ownChannelKey } from '../../../api/queries/ownChannel';
import { createStore, useStore } from '../../../app/store';
import { toast } from '../../../components/Toast/toast';
import { session } from '../../../session/session';

// The one video upload of this tab (tus 1.0.0, resumable). It lives outside React so that it keeps going, and
// its progress keeps showing, while the user moves between the profile's tabs. It and tus-js-client arrive
// only with the canal tab (ChannelTab loads VideoUpload lazily: a chunk of their own, never in the entry).

export type UploadPhase = 'idle' | 'preparing' | 'uploading' | 'failed' | 'done';

export interface UploadState {
  phase: UploadPhase;
  title: string;
  fileName: string;
  sent: number;
  total: number;
  /** The connection dropped: the upload is waiting to try again by itself. */
  reconnecting: boolean;
  /** It continues an upload of the same file that a reload or a lost connection cut short. */
  resumed: boolean;
  /** Why it stopped: the server's msg, or null for a connection that could not be recovered. */
  error: string | null;
  /** Stopped by a connection problem: 'Reanudar' continues from where the server got to. */
  resumable: boolean;
  /** The new video's name (the last PATCH's answer header), once done. */
  video: string | null;
}

const IDLE: UploadState = {
  phase: 'idle',
  title: '',
  fileName: '',
  sent: 0,
  total: 0,
  reconnecting: false,
  resumed: false,
  error: null,
  resumable: false,
  video: null,
};

const uploadStore = createStore<UploadState>(IDLE);
const patch = (changes: Partial<UploadState>) => uploadStore.set((state) => ({ ...state, ...changes }));

export const useUploadState = () => useStore(uploadStore);

/**
 * Waits between retries of a dropped request: quick at first, then patient (a roadside connection comes and
 * goes). Progress resets the count; after the last one the upload stops and waits for 'Reanudar' or for the
 * browser to say it is online again.
 */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

let current: { upload: Upload; file: File } | null = null;

function warnBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
}
function resumeWhenOnline() {
  if (uploadStore.get().phase === 'failed' && uploadStore.get().resumable) resumeUpload();
}
function setBusy(busy: boolean) {
  if (busy) {
    window.addEventListener('beforeunload', warnBeforeLeaving);
  } else {
    window.removeEventListener('beforeunload', warnBeforeLeaving);
  }
}

/** Every request of the upload carries the session's token as it is then (it may be renewed meanwhile). */
const withToken: UploadOptions['onBeforeRequest'] = (request) => {
  const token = session.getToken();
  if (token) request.setHeader('API-TOKEN', token);
};

/** The server's refusal ({state: 'KO', msg}) of a request, when it sent one. */
function refusalOf(error: Error | DetailedError): { status: number; msg: string | null } {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { msg?: unknown };
    return { status, msg: typeof body.msg === 'string' && body.msg ? body.msg : null };
  } catch {
    return { status, msg: null };
  }
}

/** A connection problem (no answer, a server error, a lock): worth trying again. A 4xx refusal is final. */
const isTransient = (status: number) => status === 0 || status >= 500 || status === 409 || status === 423;

/** Forgets where an upload of this file had got to (after a refusal or a cancel: nothing to resume). */
async function forget(file: File, options: UploadOptions) {
  const fingerprint = await tus.defaultOptions.fingerprint(file, options);
  const stored = await tus.defaultOptions.urlStorage.findUploadsByFingerprint(fingerprint);
  await Promise.all(stored.map((upload) => tus.defaultOptions.urlStorage.removeUpload(upload.urlStorageKey)));
}

/**
 * Starts sending `file` with its title; an earlier upload of the same file from this browser (a reload, a lost
 * connection) continues where the server got to instead of starting again.
 */
export async function startUpload(file: File, title: string): Promise<void> {
  if (current) return;
  uploadStore.set({ ...IDLE, phase: 'preparing', title, fileName: file.name, total: file.size });
  if (!tus.isSupported) {
    uploadStore.set({ ...IDLE, phase: 'failed', title, fileName: file.name, error: MSG.serverError });
    return;
  }
  let video: string | null = null;
  const options: UploadOptions = {
    endpoint: VIDEO_UPLOAD_PATH,
    chunkSize: VIDEO_UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { [VIDEO_UPLOAD_METADATA.title]: title, [VIDEO_UPLOAD_METADATA.filename]: file.name },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: withToken,
    onAfterResponse: (_request, response) => {
      video = response.getHeader(VIDEO_UPLOAD_RESULT_HEADER) ?? video;
    },
    onProgress: (sent, total) => patch({ sent, total, reconnecting: false }),
    // Retries while offline too (the library's default gives up at once): the upload waits for the network.
    onShouldRetry: (error) => {
      const retry = isTransient(refusalOf(error).status);
      if (retry) patch({ reconnecting: true });
      return retry;
    },
    onSuccess: () => {
      current = null;
      setBusy(false);
      window.removeEventListener('online', resumeWhenOnline);
      patch({ phase: 'done', sent: file.size, reconnecting: false, video });
      toast(MSG.videoUploaded, 'ok');
      // My list shows it 'procesando' (and keeps asking until it is ready); the channel's page too.
      void queryClient.invalidateQueries({ queryKey: ownChannelKey });
      void queryClient.invalidateQueries({ queryKey: channelRoot });
    },
    onError: (error) => {
      const { status, msg } = refusalOf(error);
      setBusy(false);
      if (isTransient(status)) {
        // Kept: 'Reanudar', or the network coming back, continues it.
        patch({ phase: 'failed', reconnecting: false, error: null, resumable: true });
        return;
      }
      current = null;
      window.removeEventListener('online', resumeWhenOnline);
      if (status === 401) session.logout('unauthorized');
      void forget(file, options).catch(() => undefined);
      patch({ phase: 'failed', reconnecting: false, error: msg ?? MSG.serverError, resumable: false });
    },
  };
  const upload = new tus.Upload(file, options);
  current = { upload, file };
  const previous: PreviousUpload[] = await upload.findPreviousUploads().catch(() => []);
  // Cancelled while it was looking.
  if (current?.upload !== upload) return;
  const resumed = previous[0];
  if (resumed) upload.resumeFromPreviousUpload(resumed);
  patch({
    phase: 'uploading',
    resumed: !!resumed,
    // The server keeps the title it was first given.
    title: resumed?.metadata[VIDEO_UPLOAD_METADATA.title] || title,
  });
  setBusy(true);
  window.addEventListener('online', resumeWhenOnline);
  upload.start();
}

/** Continues an upload stopped by the connection, from what the server already has. */
export function resumeUpload() {
  if (!current) return;
  patch({ phase: 'uploading', error: null, resumable: false });
  setBusy(true);
  current.upload.start();
}

/** Stops the upload and asks the server to throw away what it received; nothing is left to resume. */
export async function cancelUpload() {
  const stopping = current;
  current = null;
  setBusy(false);
  window.removeEventListener('online', resumeWhenOnline);
  uploadStore.set(IDLE);
  if (!stopping) return;
  await stopping.upload.abort(true).catch(() => undefined);
  await forget(stopping.file, stopping.upload.options).catch(() => undefined);
}

/** Back to the empty form (after the result has been shown). */
export function resetUpload() {
  if (!current) uploadStore.set(IDLE);
}

/** Uploads of this browser that a reload or a closed tab left half done: the same file picked again resumes. */
export async function unfinishedUploads(): Promise<PreviousUpload[]> {
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  return all.filter((upload) => upload.uploadUrl?.includes(VIDEO_UPLOAD_PATH));
}

/** Forgets a half-done upload the user does not want to finish, and asks the server to drop it. */
export async function discardUnfinished(upload: PreviousUpload) {
  await tus.defaultOptions.urlStorage.removeUpload(upload.urlStorageKey);
  if (upload.uploadUrl) {
    await tus.Upload.terminate(upload.uploadUrl, { onBeforeRequest: withToken }).catch(() => undefined);
  }
}
