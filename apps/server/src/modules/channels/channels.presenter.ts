import type { Channel, ChannelCard, Video, VideoCard } from '@nomadas/shared/answers';
import { imageUrls } from '../../media/images.js';
import type { MediaStore } from '../../media/media-store.js';
import type { VideoCardRow, VideoRow } from './channel-videos.queries.js';
import type { ChannelListRow, ChannelRow } from './channels.queries.js';

// Rows as the channel calls name their fields. Files are media-store keys (videos, posters) or image
// stems (avatar, cover); what is missing is '' and the client draws a placeholder.

const fileUrl = (media: MediaStore, key: string | null) => (key ? media.urlFor(key) : '');
/** The channel's square avatar (the image pipeline's thumbnail). */
export const avatarUrl = (media: MediaStore, stem: string | null) =>
  stem ? imageUrls(media, stem).thumb : '';
const coverUrl = (media: MediaStore, stem: string | null) => (stem ? imageUrls(media, stem).display : '');
const iso = (date: Date | string) => new Date(date).toISOString();

export function presentChannel(row: ChannelRow, viewerId: string | null, media: MediaStore): Channel {
  return {
    url: row.url,
    nombre: row.name,
    descripcion: row.description,
    img_perfil: avatarUrl(media, row.avatar),
    img_portada: coverUrl(media, row.cover),
    username: row.username,
    subs: row.subscribers,
    videos: row.videos_ready,
    subscribed: row.subscribed,
    self: row.owner_id === viewerId,
    date: iso(row.created_at),
  };
}

export function presentChannelCard(row: ChannelListRow, media: MediaStore): ChannelCard {
  return {
    url: row.url,
    nombre: row.name,
    img_perfil: avatarUrl(media, row.avatar),
    username: row.username,
    subs: row.subscribers,
    videos: row.videos_ready,
    posters: (row.posters ?? []).map((key) => fileUrl(media, key)).filter(Boolean),
  };
}

export function presentVideoCard(row: VideoCardRow, channelUrl: string, media: MediaStore): VideoCard {
  return {
    name: row.name,
    canal: channelUrl,
    title: row.title,
    poster: fileUrl(media, row.poster_key),
    duration: row.duration,
    date: iso(row.published_at ?? row.created_at),
    views: row.views,
    likes: row.likes,
    state: row.state,
    progress: row.progress,
  };
}

export function presentVideo(
  row: VideoRow,
  channel: ChannelRow,
  viewerId: string | null,
  media: MediaStore,
): Video {
  return {
    ...presentVideoCard(row, channel.url, media),
    descripcion: row.description,
    src: row.state === 'lista' ? fileUrl(media, row.video_key) : '',
    width: row.width,
    height: row.height,
    islike: row.liked,
    self: channel.owner_id === viewerId,
  };
}
