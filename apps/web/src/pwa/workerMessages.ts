/** What the service worker and the app's pages say to each other (#31), shared by sw.ts and the pages. */

/** The Background Sync tag a page registers while writes wait in its outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** The worker's word to a page, on that sync: send what waits in the outbox now. */
export const FLUSH_OUTBOX = 'FLUSH_OUTBOX';

/** A page's word to the worker that has just taken it: keep these photos it showed before (readsBeforeWorker.ts). */
export const KEEP_PHOTOS = 'KEEP_PHOTOS';

/**
 * The worker's word to the app's windows when it leaves a push to the one in view (its in-app notice shows it),
 * with the push's tag: the worker is done with that push.
 */
export const PUSH_LEFT_TO_PAGE = 'PUSH_LEFT_TO_PAGE';
