import type { FriendUpdateFrame } from '@nomadas/shared';
import type { AppContext } from '../../context.js';
import { verifyFriendChangeToken } from '../follows/friendship.js';
import { useFriendChange } from '../../realtime/tickets.queries.js';
import { friendshipOf } from './chat-blocks.queries.js';
import type { ChatUser } from './chat.service.js';

/**
 * `{t:'au', data, token}` (spec §7): the client passes on the `wsm` of its follow answer. The token must be
 * the server's, given to this user, for this friend, unexpired and not used before (a replay is ignored),
 * and still true (they are friends for 'a', not for 'd'). Then both get the friend event, wherever their
 * sockets are. The follow call already published it; this second telling costs a repeated `fr`, which
 * clients apply idempotently, and covers a publish that an outage lost.
 */
export async function applyFriendUpdate(
  ctx: AppContext,
  user: ChatUser,
  frame: FriendUpdateFrame,
): Promise<'applied' | 'refused' | 'replay' | 'stale'> {
  const claim = await verifyFriendChangeToken(ctx, frame.token);
  if (!claim || claim.u !== user.userId || claim.fu !== frame.data.username.toLowerCase()) return 'refused';
  if (!(await useFriendChange(ctx.db, claim.i, user.userId, new Date(claim.exp * 1000)))) return 'replay';
  const state = await friendshipOf(ctx.db, user.userId, claim.f);
  if (!state || state.mutual !== (claim.ta === 'a')) return 'stale';
  const { user: me, friend } = state;
  ctx.realtime.events.publishSoon('friends:changed', {
    ta: claim.ta,
    users: [
      { id: me.id, username: me.username, img: me.img_profile },
      { id: friend.id, username: friend.username, img: friend.img_profile },
    ],
  });
  return 'applied';
}
