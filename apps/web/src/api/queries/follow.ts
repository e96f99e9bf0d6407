import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Flag, FriendChange } from '@nomadas/shared/schemas';
import { createEmitter } from '../../session/events';
import { session } from '../../session/session';
import { followsListKey, followsListRoot, type FollowsPage } from './followsList';
import { friendsKey, type Friend } from './friends';
import { profileKey, type PublicProfile } from './profile';
import { recommendedUsersKey, type RecommendedUser } from './recommendedUsers';
import { setAuthorFollow, wallPostsRoot } from './wallCache';

/**
 * A friendship my own follow or unfollow made or broke (the answer's `wsm`, spec §7): the chat socket passes
 * it on as `{t: 'au', data, token}`.
 */
export const friendChanges = createEmitter<{ change: FriendChange }>();

/**
 * Writes a confirmed follow change into every cached list that shows that person (spec §4): their posts,
 * 'Otros muros', their profile with its counts, every followers and following list, and my friends when
 * `wsm` says the friendship changed. The lists whose members change (their followers, the people I follow)
 * are fetched again where they are on screen.
 */
export function applyFollowChange(
  queryClient: QueryClient,
  username: string,
  flag: Flag,
  wsm?: FriendChange,
) {
  setAuthorFollow(queryClient, username, flag);
  queryClient.setQueryData<RecommendedUser[]>(recommendedUsersKey, (users) =>
    users?.map((user) => (user.username === username ? { ...user, follow: flag } : user)),
  );
  queryClient.setQueryData<PublicProfile | null>(profileKey(username), (profile) => {
    if (!profile) return profile;
    const shift = profile.follow === flag ? 0 : flag ? 1 : -1;
    // Following never breaks a friendship and unfollowing never makes one; `wsm` tells when it changed.
    const friend: Flag = wsm ? (wsm.ta === 'a' ? 1 : 0) : flag ? profile.friend : 0;
    return {
      ...profile,
      follow: flag,
      friend,
      counts: { ...profile.counts, followers: Math.max(0, profile.counts.followers + shift) },
    };
  });
  queryClient.setQueriesData<InfiniteData<FollowsPage, number>>({ queryKey: followsListRoot }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            people: page.people.map((person) =>
              person.username === username ? { ...person, follow: flag } : person,
            ),
          })),
        }
      : data,
  );
  if (wsm) {
    friendChanges.emit('change', wsm);
    queryClient.setQueryData<Friend[]>(friendsKey, (friends) => {
      if (!friends) return friends;
      const others = friends.filter((friend) => friend.username !== wsm.data.username);
      return wsm.ta === 'a' ? [wsm.data, ...others] : others;
    });
  }
  void queryClient.invalidateQueries({ queryKey: followsListKey(username, 'followers') });
  // 'Siguiendo' gains or loses that person's posts.
  void queryClient.invalidateQueries({
    queryKey: wallPostsRoot,
    predicate: (query) => (query.queryKey[1] as { following?: boolean } | undefined)?.following === true,
  });
  const snapshot = session.getSnapshot();
  if (snapshot.status === 'in') {
    void queryClient.invalidateQueries({ queryKey: profileKey(snapshot.user.u) });
    void queryClient.invalidateQueries({ queryKey: followsListKey(snapshot.user.u, 'following') });
  }
}
