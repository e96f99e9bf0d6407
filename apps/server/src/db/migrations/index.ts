import type { Migration } from 'kysely';
import * as accounts from './202611220001-accounts.js';
import * as wall from './202611220002-wall.js';
import * as wallIndexes from './202611220003-wall-indexes.js';
import * as mailOutbox from './202611230001-mail-outbox.js';
import * as postsVisibility from './202611230010-posts-visibility.js';
import * as moderation from './202611230060-moderation.js';

/** Every migration, in the order it runs. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '202611220001-accounts': accounts,
  '202611220002-wall': wall,
  '202611220003-wall-indexes': wallIndexes,
  '202611230001-mail-outbox': mailOutbox,
  '202611230010-posts-visibility': postsVisibility,
  '202611230060-moderation': moderation,
};
