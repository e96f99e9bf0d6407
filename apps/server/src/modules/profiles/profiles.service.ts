import { FRIENDS_MAX } from '@nomadas/shared';
import type {
  Flag,
  FollowsListName,
  FollowsLists,
  FollowsPerson,
  PublicProfile,
} from '@nomadas/shared/schemas';
import type { AppContext } from '../../context.js';
import type { Viewer } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { presentFollowsPerson, presentFriend, presentProfile } from './profiles.presenter.js';
import * as q from './profiles.queries.js';

/** Usernames are stored in lower case; a link may carry capitals or spaces. */
export const normalizeUsername = (username: string) => username.trim().toLowerCase();

/** GET /api/perfil/{username}: anybody's public profile, visitors included. */
export async function publicProfile(
  ctx: AppContext,
  viewer: Viewer | null,
  username: string,
): Promise<PublicProfile> {
  const viewerId = viewer?.id ?? null;
  const row = await q.findProfile(ctx.db, normalizeUsername(username), viewerId);
  if (!row) throw notFound();
  return presentProfile(row, viewerId, ctx.media);
}

/** GET /api/friends: the caller's friends (mutual follows), the most recent friendship first. */
export async function friends(ctx: AppContext, viewer: Viewer) {
  const rows = await q.listFriends(ctx.db, viewer.id, FRIENDS_MAX);
  return rows.map(presentFriend);
}

/** The parsed query: offset, page size, and optionally the one list to read. */
interface FollowsOptions {
  n: number;
  l: number;
  list?: FollowsListName | undefined;
}

/** GET /api/follows/{username}: their followers and the people they follow, with the caller's flag. */
export async function followsLists(
  ctx: AppContext,
  viewer: Viewer | null,
  username: string,
  { n, l, list }: FollowsOptions,
): Promise<FollowsLists> {
  const user = await q.findUserIdByUsername(ctx.db, normalizeUsername(username));
  if (!user) throw notFound();
  const page = async (name: FollowsListName): Promise<{ people: FollowsPerson[]; fin: Flag }> => {
    if (list && list !== name) return { people: [], fin: 1 };
    // One more than asked for tells whether the list goes on.
    const rows = await q.listFollows(ctx.db, name, user.id, viewer?.id ?? null, { offset: n, limit: l + 1 });
    return { people: rows.slice(0, l).map(presentFollowsPerson), fin: rows.length > l ? 0 : 1 };
  };
  const [followers, following] = await Promise.all([page('followers'), page('following')]);
  return {
    followers: followers.people,
    following: following.people,
    fin: { followers: followers.fin, following: following.fin },
  };
}
