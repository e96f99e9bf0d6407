import { z } from 'zod';
import { VIDEO_STATES } from '../channelConstants.js';
import { flagSchema } from './envelope.js';

const mediaUrl = z
  .string()
  .describe("A /media/ URL, or '' when there is none (the client draws a placeholder).");

/** One channel in GET /api/canales and in a video's page. */
export const channelCardSchema = z
  .strictObject({
    url: z.string().describe('→ /canales/{url}.'),
    nombre: z.string(),
    img_perfil: mediaUrl.describe("The channel's avatar (square WebP), or ''."),
    username: z.string().describe("The owner's username."),
    subs: z.number().int().min(0).describe('Subscribers.'),
    videos: z.number().int().min(0).describe('Videos ready to watch.'),
    posters: z.array(z.string()).describe('Posters of the latest ready videos, newest first (up to 3).'),
  })
  .meta({ id: 'ChannelCard' });
export type ChannelCard = z.infer<typeof channelCardSchema>;

/** `data` of GET /api/canales. */
export const channelsPageSchema = z
  .strictObject({ data: z.array(channelCardSchema), fin: flagSchema.describe('1 when there are no more.') })
  .meta({ id: 'ChannelsPage' });
export type ChannelsPage = z.infer<typeof channelsPageSchema>;

/** A video in a grid: a channel's page, the next videos, the owner's list (with its processing state). */
export const videoCardSchema = z
  .strictObject({
    name: z.string().describe('Readable, unique in its channel: → /canales/{canal}/{name}.'),
    canal: z.string().describe("The channel's url."),
    title: z.string(),
    poster: mediaUrl.describe("A WebP frame of the video; '' while it is processing."),
    duration: z.number().min(0).describe('Seconds; 0 while processing.'),
    date: z.iso.datetime({ offset: true }),
    views: z.number().int().min(0),
    likes: z.number().int().min(0),
    state: z.enum(VIDEO_STATES).describe('Others only ever see `lista`; the owner sees the rest too.'),
    progress: z.number().int().min(0).max(100).describe('Processing progress in %; 100 once ready.'),
  })
  .meta({ id: 'VideoCard' });
export type VideoCard = z.infer<typeof videoCardSchema>;

/** A channel's page. */
export const channelSchema = z
  .strictObject({
    url: z.string(),
    nombre: z.string(),
    descripcion: z.string(),
    img_perfil: mediaUrl,
    img_portada: mediaUrl.describe("The cover (wide WebP), or ''."),
    username: z.string().describe("The owner's username (→ /perfil/{username})."),
    subs: z.number().int().min(0),
    videos: z.number().int().min(0).describe('Videos ready to watch.'),
    subscribed: z.boolean().describe('The caller subscribes to it (false for a visitor).'),
    self: z.boolean().describe('The caller owns it.'),
    date: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof channelSchema>;

/** `data` of GET /api/canales/{name}: the channel and a page of its videos, newest first. */
export const channelPageSchema = z
  .strictObject({
    canal: channelSchema,
    videos: z.array(videoCardSchema).describe('The owner also sees videos that are processing or failed.'),
    fin: flagSchema,
  })
  .meta({ id: 'ChannelPage' });
export type ChannelPage = z.infer<typeof channelPageSchema>;

/** A video's page. */
export const videoSchema = videoCardSchema
  .extend({
    descripcion: z.string(),
    src: z.string().describe("The H.264/AAC MP4 (faststart, ≤ 720p) under /media/; '' until ready."),
    width: z.number().int().min(0),
    height: z.number().int().min(0),
    islike: z.boolean().describe('The caller likes it.'),
    self: z.boolean().describe('The caller owns its channel.'),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

/** `data` of GET /api/canales/{name}/{videoname}. */
export const videoPageSchema = z
  .strictObject({
    video: videoSchema,
    canal: channelSchema,
    next: z
      .array(videoCardSchema)
      .describe('More of the channel to watch next (newest first, this one left out).'),
  })
  .meta({ id: 'VideoPage' });
export type VideoPage = z.infer<typeof videoPageSchema>;

/** `data` of POST /api/subscribe/{canal}. */
export const subscriptionSchema = z
  .strictObject({ subscribed: z.boolean(), subs: z.number().int().min(0) })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `data` of POST /api/canales/{name}/{videoname}/like. */
export const videoLikeSchema = z
  .strictObject({ islike: z.boolean(), likes: z.number().int().min(0) })
  .meta({ id: 'VideoLike' });
export type VideoLike = z.infer<typeof videoLikeSchema>;

/** `data` of POST /api/canales/{name}/{videoname}/view: the count after this view (counted once a day per viewer). */
export const videoViewSchema = z.strictObject({ views: z.number().int().min(0) }).meta({ id: 'VideoView' });
export type VideoView = z.infer<typeof videoViewSchema>;

/** `data` of GET /api/canal: the caller's channel (null when they have none) and all its videos, newest first. */
export const ownChannelSchema = z
  .strictObject({
    canal: channelSchema.nullable(),
    videos: z.array(videoCardSchema),
    maxBytes: z.number().int().positive().describe('The largest upload the server takes.'),
  })
  .meta({ id: 'OwnChannel' });
export type OwnChannel = z.infer<typeof ownChannelSchema>;
