import { MSG } from '@nomadas/shared';
import type { FollowState } from '@nomadas/shared/answers';
import type { AppContext } from '../../context.js';
import { orNotFound } from '../../db/pg-errors.js';
import { keyForResult, writeTransaction, type WriteKey } from '../../lib/write-once.js';
import type { Viewer } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import * as q from './follows.queries.js';
import {
  announceNotifications,
  notifyFollow,
  withdrawFollow,
  type Notified,
} from '../notifications/notifications.service.js';
import {
  friendChangeAnswer,
  friendshipKey,
  publishFriendChange,
  type FriendChangeType,
  type FriendsChangedEvent,
} from './friendship.js';

const RECOMMENDED_USERS = 6;

async function targetOf(ctx: AppContext, viewer: Viewer, username: string): Promise<string> {
  const target = await q.findUserIdByUsername(ctx.db, username.toLowerCase());
  if (!target) throw notFound();
  if (target.id === viewer.id) throw badRequest(MSG.cannotFollowSelf);
  return target.id;
}

interface FollowChange {
  /** This call added ('a') or removed ('d') the follow; false when it already was as asked. */
  changed: boolean;
  /** Set when that made or broke a friendship (the other side follows the viewer). */
  friendship: FriendsChangedEvent | null;
  /** Who got a follower or friend notification, to announce after the commit. */
  notified: Notified;
  /** The call's answer, with `wsm` when the friendship changed. */
  answer: FollowState;
}

/**
 * Adds ('a') or removes ('d') the viewer's follow of `targetId` under the pair's lock, so of two people
 * following each other at the same instant exactly one sees the other's follow: one friendship, one `wsm`.
 * `signingKey` signs the `wsm` (read before the write: once the follow is committed nothing may fail).
 */
function changeFollow(
  ctx: AppContext,
  viewerId: string,
  targetId: string,
  ta: FriendChangeType,
  signingKey: Buffer,
  key: WriteKey<FollowState> | undefined,
) {
  const answered = (change: Omit<FollowChange, 'answer'>): FollowChange => {
    const answer: FollowState = { follow: ta === 'a' ? 1 : 0 };
    if (change.friendship) {
      const [actor, friend] = change.friendship.users;
      answer.wsm = friendChangeAnswer(signingKey, change.friendship.ta, actor, friend);
    }
    return { ...change, answer };
  };
  return orNotFound(() =>
    writeTransaction(
      ctx.db,
      keyForResult(key, (change: FollowChange) => change.answer),
      async (trx): Promise<FollowChange> => {
        await q.lockFollowPair(trx, viewerId, targetId);
        const changed =
          ta === 'a'
            ? await q.insertFollow(trx, viewerId, targetId)
            : await q.deleteFollow(trx, viewerId, targetId);
        // The follower and friend notifications come and go with the follow, in its transaction.
        let notified: Notified = [];
        if (changed && ta === 'a') notified = await notifyFollow(trx, viewerId, targetId);
        if (changed && ta === 'd') notified = await withdrawFollow(trx, viewerId, targetId);
        if (!changed || !(await q.followExists(trx, targetId, viewerId)))
          return answered({ changed, friendship: null, notified });
        const users = await q.findUsersByIds(trx, [viewerId, targetId]);
        const side = (id: string) => {
          const user = users.find((row) => String(row.id) === id);
          if (!user) throw notFound();
          return { id, username: user.username, img: user.img_profile };
        };
        return answered({ changed, friendship: { ta, users: [side(viewerId), side(targetId)] }, notified });
      },
    ),
  );
}

/** Follows ('a') or unfollows ('d'); what changed is announced and published once it is committed. */
async function setFollow(
  ctx: AppContext,
  viewer: Viewer,
  username: string,
  ta: FriendChangeType,
  key: WriteKey<FollowState> | undefined,
): Promise<FollowState> {
  const targetId = await targetOf(ctx, viewer, username);
  // Read before the write (cached after the first call): once the follow is committed nothing may fail.
  const signingKey = await friendshipKey(ctx.db);
  const change = await changeFollow(ctx, viewer.id, targetId, ta, signingKey, key);
  if (change.changed) ctx.realtime.events.announce('user:followed', { by: viewer.id, userId: targetId });
  await announceNotifications(ctx, change.notified);
  if (change.friendship) publishFriendChange(ctx, change.friendship);
  return change.answer;
}

/** Idempotent: following twice leaves one follow. */
export function follow(ctx: AppContext, viewer: Viewer, username: string, key?: WriteKey<FollowState>) {
  return setFollow(ctx, viewer, username, 'a', key);
}

export function unfollow(ctx: AppContext, viewer: Viewer, username: string, key?: WriteKey<FollowState>) {
  return setFollow(ctx, viewer, username, 'd', key);
}

/** 'Otros muros' of the wall's side panel (spec §3 "Recommended user"). */
export async function recommendedUsers(ctx: AppContext, viewer: Viewer | null) {
  const rows = await q.listRecommendedUsers(ctx.db, viewer?.id ?? null, RECOMMENDED_USERS);
  return rows.map((row) => ({ username: row.username, img: row.img_profile, follow: 0 as const }));
}
