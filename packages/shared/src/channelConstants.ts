/** Video channels (issue #10): plain constants, free of zod, for the channel screens and the upload. */

export const CHANNEL_NAME_MIN = 3;
export const CHANNEL_NAME_MAX = 60;
/** A channel's url (→ /canales/{url}): lowercase letters, digits and single hyphens. */
export const CHANNEL_URL_MAX = 40;
export const CHANNEL_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CHANNEL_DESCRIPTION_MAX = 1000;
export const VIDEO_TITLE_MIN = 3;
export const VIDEO_TITLE_MAX = 100;
export const VIDEO_DESCRIPTION_MAX = 5000;

/** GET /api/canales: how the list is ordered (featured = channels with the newest videos). */
export const CHANNEL_ORDERS = ['destacados', 'populares', 'nuevos'] as const;
export type ChannelOrder = (typeof CHANNEL_ORDERS)[number];
export const CHANNELS_PAGE_DEFAULT = 12;
export const CHANNELS_PAGE_MAX = 48;
export const VIDEOS_PAGE_DEFAULT = 24;
export const VIDEOS_PAGE_MAX = 48;
/** The `<script type="application/json">` of /canales/{url}'s HTML holding a visitor's first page of it. */
export const CHANNEL_FIRST_PAGE_SCRIPT_ID = 'channel-first-page';
/** Next videos under a playing one. */
export const NEXT_VIDEOS_MAX = 8;
/** Latest posters on a channel's card in the list. */
export const CHANNEL_CARD_POSTERS = 3;

/** A video is `procesando` from upload until its job finishes, then `lista`, or `error` if it cannot be read. */
export const VIDEO_STATES = ['procesando', 'lista', 'error'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** The resumable upload (tus 1.0.0): POST here creates an upload, PATCH {location} sends bytes, HEAD resumes. */
export const VIDEO_UPLOAD_PATH = '/api/video-uploads';
/** tus Upload-Metadata keys the upload carries (values base64, as the protocol says). */
export const VIDEO_UPLOAD_METADATA = { title: 'title', filename: 'filename' } as const;
/** The header of the upload's last PATCH answer that names the new video (→ /canales/{canal}/{video}). */
export const VIDEO_UPLOAD_RESULT_HEADER = 'Nomadas-Video';
/** The browser sends the file in chunks of this size, so a dropped connection loses at most one. */
export const VIDEO_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Default cap (VIDEO_MAX_MB on the server); the server's value is the one that counts. */
export const VIDEO_MAX_MB_DEFAULT = 500;
/** What the file picker offers; the server checks the bytes, not this. */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,video/x-matroska,video/*';
/** The owner's channel tab polls its processing videos this often. */
export const VIDEO_PROGRESS_POLL_MS = 3000;
