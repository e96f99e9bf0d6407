import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { EXCERPT_READ } from '../notifications/notifications.queries.js';

/** The job that sends one push to one subscription (push-job.ts); queued here, in the cause's transaction. */
export const PUSH_JOB = 'push.send';

/** The signing_keys row of the VAPID private key: made by the first instance to start, read by every other. */
const VAPID_KEY_NAME = 'vapid';

/** The VAPID private key (32 bytes); `make` gives one when there is none yet, and the first insert wins. */
export async function readOrCreateVapidKey(db: Db, make: () => Buffer): Promise<Buffer> {
  const read = () =>
    db.selectFrom('signing_keys').select('secret').where('name', '=', VAPID_KEY_NAME).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db
      .insertInto('signing_keys')
      .values({ name: VAPID_KEY_NAME, secret: make() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('VAPID key missing');
  // PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer.
  return Buffer.from(row.secret);
}

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The endpoint becomes the user's, with these keys, as their newest (a browser subscribed again, or another
 * account on it): whatever held the endpoint goes first.
 */
export async function replaceSubscription(db: Db, userId: string, s: NewSubscription): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', s.endpoint).execute();
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth })
    // Two accounts subscribing one browser at the same instant: the first keeps it.
    .onConflict((oc) => oc.column('endpoint').doNothing())
    .execute();
}

/** Serializes one user's subscribes, so the cap below holds against two at once. */
export async function lockUserRow(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets the user's subscriptions past the newest `keep`. */
export async function keepNewestSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

export async function deleteUserSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The push service said the subscription is gone (404, 410): unless it was subscribed again meanwhile. */
export function deleteExpiredSubscription(db: Db, s: { id: string; p256dh: string }) {
  return db.deleteFrom('push_subscriptions').where('id', '=', s.id).where('p256dh', '=', s.p256dh).execute();
}

export function findSubscription(db: Db, id: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * One push job per subscription of each notification's recipient, in the caller's transaction (the one that
 * made the notifications): they exist exactly when the notifications do. Answers how many were queued.
 */
export async function queueNotificationPushes(db: Db, notificationIds: string[]): Promise<number> {
  const ids = sql`cast(${`{${notificationIds.join(',')}}`} as bigint[])`;
  const { rows } = await sql<{ n: number }>`
    with queued as (
      insert into jobs (kind, payload)
      select ${PUSH_JOB}, jsonb_build_object('subscriptionId', s.id::text, 'notificationId', n.id::text)
      from notifications n join push_subscriptions s on s.user_id = n.user_id
      where n.id = any(${ids})
      returning 1
    )
    select count(*)::int as n from queued`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * A part of chat.queries' send statement (after its `stored` part): one push job per subscription of the
 * message's recipient, stored with the message or not at all. Its select reads `(select count(*) from pushes)`.
 */
export const queueMessagePushes = sql`pushes as (
  insert into jobs (kind, payload)
  select ${PUSH_JOB}, jsonb_build_object('subscriptionId', s.id::text, 'messageId', stored.id::text)
  from stored join push_subscriptions s on s.user_id = stored.recipient_id
  returning 1
)`;

/** What a notification's push says, read when it is sent: the notification may have gone (an unfollow) or been seen. */
export function selectNotificationForPush(db: Db, notificationId: string) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('posts as p', 'p.id', 'n.post_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .select([
      'n.user_id',
      'n.type',
      'n.seen_at',
      'n.comment_id',
      'a.username as actor_username',
      'p.url as post_url',
      'p.hidden_at as post_hidden_at',
      sql<string | null>`left(c.text, ${sql.lit(EXCERPT_READ)})`.as('comment_text'),
    ])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
}
export type NotificationForPush = NonNullable<Awaited<ReturnType<typeof selectNotificationForPush>>>;

/** Who wrote a chat message and to whom (never what: the push does not carry it). */
export function selectMessageForPush(db: Db, messageId: string) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('users as s', 's.id', 'm.sender_id')
    .select(['m.recipient_id', 'm.sender_id', 's.username as sender_username'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}

/** The data export: the devices the user is told on. */
export function selectExportPushSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}
