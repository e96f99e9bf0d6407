import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import type { Db } from './db/database.js';
import type { RateLimits } from './http/rate-limits.js';
import type { SessionCache } from './http/session-cache.js';
import type { PubSub } from './realtime/pubsub.js';
import type { Realtime } from './realtime/realtime.js';
import type { MailOutbox } from './mail/outbox.js';
import type { MediaStore } from './media/media-store.js';
import type { JobQueue } from './lib/jobs.js';
import type { MapPoints } from './modules/map/map-points.js';
import type { PendingCounts } from './modules/notifications/pending-counts.js';
import type { ViewerMarks } from './modules/posts/wall/viewer-marks.js';
import type { SearchAnswers } from './modules/search/search-answers.js';
import type { PlaceSearch } from './modules/search/place-search.js';
import type { WallPageCache } from './modules/posts/wall/shared-reads.js';
import type { InstanceState } from './modules/health/readiness.js';
import type { VapidKeys } from './modules/push/vapid.js';
import type { GuideFile } from './modules/guide/guide-file.js';

/**
 * What services need from the running app; built once in app.ts and passed to every module. The caches on
 * it follow the events writers announce (realtime/events.ts): no module calls another module's cache.
 */
export interface AppContext {
  config: Config;
  db: Db;
  /** The time what ages reads (lib/clock.ts): the system's, or a test's it moves forward. */
  clock: Clock;
  outbox: MailOutbox;
  limits: RateLimits;
  pubsub: PubSub;
  /** Typed events between instances, this instance's sockets and their frames (realtime/realtime.ts). */
  realtime: Realtime;
  sessions: SessionCache;
  /** The wall's shared pages (posts/wall/wall.ts), per instance like the session cache. */
  wallPages: WallPageCache;
  /** Each logged-in caller's marks on the pages they read (posts/wall/viewer-marks.ts), per instance. */
  viewerMarks: ViewerMarks;
  /** The search suggestions' shared answers (search/search-answers.ts), per instance. */
  searchAnswers: SearchAnswers;
  /** The public places' search index (search/place-search.ts), per instance, kept by the place events. */
  placeSearch: PlaceSearch;
  /** The map's points per box (map/map-points.ts), serialized and gzipped once, per instance. */
  mapPoints: MapPoints;
  /** Each user's pending-notification count, kept by events (notifications/pending-counts.ts). */
  pendingCounts: PendingCounts;
  media: MediaStore;
  /** Durable background work (lib/jobs.ts): the video processing; wake it after a commit that enqueued a job. */
  jobs: JobQueue;
  /** Short account work (recovery mails), on its own worker so that it never waits behind a transcode. */
  accountJobs: JobQueue;
  /** Web Push sends (modules/push/push-job.ts): short network work, on a worker of its own; wake after a commit. */
  pushJobs: JobQueue;
  /** The '10 joyas' guide's text (GUIDE_FILE), read and validated at boot (modules/guide/guide-file.ts). */
  guide: GuideFile;
  /** The key pair Web Push requests are signed with, kept in the database (modules/push/vapid.ts). */
  vapid: VapidKeys;
  /** True while the first run fills the embedded database with demo content (GET /api/health says so). */
  demo: { preparing: boolean };
  /** What GET /api/health/ready checks beyond the database: draining (from SIGTERM on) and the Redis link. */
  instance: InstanceState;
}
