import type { FollowsPerson, Friend, PublicProfile } from '@nomadas/shared/schemas';
import type { MediaStore } from '../../media/media-store.js';
import { avatarUrl } from '../channels/channels.presenter.js';
import type { ProfileRow } from './profiles.queries.js';

/** A profile row as GET /api/perfil/{username} names its fields, with the flags computed for the caller. */
export function presentProfile(row: ProfileRow, viewerId: string | null, media: MediaStore): PublicProfile {
  const follow = row.followed_by_viewer ? 1 : 0;
  return {
    username: row.username,
    imgperfil: row.img_profile,
    imgcab: row.img_cover,
    d: row.description,
    counts: {
      posts: Number(row.posts_count ?? 0),
      followers: Number(row.followers_count ?? 0),
      following: Number(row.following_count ?? 0),
    },
    follow,
    friend: follow && row.follows_viewer ? 1 : 0,
    self: viewerId !== null && String(row.id) === viewerId,
    canal:
      row.channel_url === null || row.channel_name === null
        ? null
        : {
            url: row.channel_url,
            nombre: row.channel_name,
            img_perfil: avatarUrl(media, row.channel_avatar),
          },
  };
}

export const presentFriend = (row: { username: string; img_profile: string }): Friend => ({
  username: row.username,
  img: row.img_profile,
});

export const presentFollowsPerson = (row: {
  username: string;
  img_profile: string;
  followed_by_viewer: boolean;
}): FollowsPerson => ({
  username: row.username,
  img: row.img_profile,
  follow: row.followed_by_viewer ? 1 : 0,
});
