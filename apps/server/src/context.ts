import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { RateLimits } from './http/rate-limits.js';
import type { SessionCache } from './http/session-cache.js';
import type { PubSub } from './realtime/pubsub.js';
import type { Mailer } from './mail/mailer.js';
import type { MediaStore } from './media/media-store.js';

/** What services need from the running app; built once in app.ts and passed to every module. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  limits: RateLimits;
  pubsub: PubSub;
  sessions: SessionCache;
  media: MediaStore;
}
