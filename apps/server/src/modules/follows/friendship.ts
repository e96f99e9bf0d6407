import crypto from 'node:crypto';
import type { RealtimeEventMap, RealtimeEventName, RealtimeUser } from '@nomadas/shared';
import type { FriendChange } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { readSigningKey } from './friendship.queries.js';

/**
 * Friends are mutual follows. A follow or quitfollow that makes or breaks a friendship answers `wsm`
 * (spec §7) and publishes a FriendsChanged event, which the chat socket delivers as `{t: 'fr', ta, u, i}`.
 */
export const FRIENDS_CHANNEL = 'friends:changed' satisfies RealtimeEventName;

export type FriendChangeType = FriendChange['ta'];

/** What FRIENDS_CHANNEL carries: `users[0]` made the change, `users[1]` is their (ex-)friend. */
export type FriendsChangedEvent = RealtimeEventMap[typeof FRIENDS_CHANNEL];

/** What a friendship token proves: change `i` of type `ta` between user `u` (who holds it) and user `f`. */
export interface FriendChangeClaim {
  i: string;
  ta: FriendChangeType;
  /** Id of the user the token was given to (the caller of follow / quitfollow). */
  u: string;
  /** Id and username of the friend. */
  f: string;
  fu: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

const KEY_NAME = 'friendship';
/** Long enough for the client to pass it on to its socket, even one that is reconnecting. */
export const FRIENDSHIP_TOKEN_TTL_S = 5 * 60;

const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key, read once per database (a failed read is retried by the next call). */
export function friendshipKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readSigningKey(db, KEY_NAME);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const mac = (key: Buffer, payload: string) =>
  crypto.createHmac('sha256', key).update(`${KEY_NAME}.${payload}`).digest('base64url');

export function signFriendChange(key: Buffer, claim: FriendChangeClaim): string {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The claim a friendship token carries, or null when it is forged, damaged or expired. */
export async function verifyFriendChangeToken(
  ctx: Pick<AppContext, 'db'>,
  token: string,
  now = Date.now(),
): Promise<FriendChangeClaim | null> {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || token.length > 1000) return null;
  const expected = Buffer.from(mac(await friendshipKey(ctx.db), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FriendChangeClaim;
    return typeof claim.exp === 'number' && claim.exp * 1000 > now ? claim : null;
  } catch {
    return null;
  }
}

/** The `wsm` of the answer to `actor`, whose follow or quitfollow changed their friendship with `friend`. */
export function friendChangeAnswer(
  key: Buffer,
  ta: FriendChangeType,
  actor: RealtimeUser,
  friend: RealtimeUser,
  now = Date.now(),
): FriendChange {
  const i = crypto.randomBytes(12).toString('base64url');
  const exp = Math.floor(now / 1000) + FRIENDSHIP_TOKEN_TTL_S;
  return {
    i,
    ta,
    data: { username: friend.username, img: friend.img },
    token: signFriendChange(key, { i, ta, u: actor.id, f: friend.id, fu: friend.username, exp }),
  };
}

/**
 * Tells every instance, after the commit. The answer's `wsm` already told the caller; a publish that fails
 * (Redis away) is retried in the background and never fails the request.
 */
export function publishFriendChange(ctx: Pick<AppContext, 'realtime'>, event: FriendsChangedEvent) {
  ctx.realtime.events.publishSoon(FRIENDS_CHANNEL, event);
}
