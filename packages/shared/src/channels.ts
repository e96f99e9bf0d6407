import { z } from 'zod';
import {
  CHANNEL_DESCRIPTION_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_NAME_MIN,
  CHANNEL_ORDERS,
  CHANNEL_URL_MAX,
  CHANNEL_URL_PATTERN,
  CHANNELS_PAGE_DEFAULT,
  CHANNELS_PAGE_MAX,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_TITLE_MAX,
  VIDEO_TITLE_MIN,
  VIDEOS_PAGE_DEFAULT,
  VIDEOS_PAGE_MAX,
} from './channelConstants.js';
import { MSG } from './messages.js';

// Requests of the video channels (DESIGN.md §3, issue #10). Answers are in answers/channels.ts.

const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const offset = optionalParam(
  z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(100_000),
).transform((n) => n ?? 0);
const limit = (byDefault: number, max: number) =>
  optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(1)).transform((l) =>
    Math.min(l ?? byDefault, max),
  );

/** GET /api/canales?orden=&n=&l= */
export const channelsQuery = z.object({
  orden: optionalParam(z.enum(CHANNEL_ORDERS, { error: MSG.invalidInput })).transform(
    (orden) => orden ?? 'destacados',
  ),
  n: offset,
  l: limit(CHANNELS_PAGE_DEFAULT, CHANNELS_PAGE_MAX),
});

/** /api/canales/{name}…: an unknown or malformed name is a 404, not a 400. */
export const channelParams = z.object({ name: z.string().min(1).max(200, { error: MSG.channelUnknown }) });
export const videoParams = channelParams.extend({
  videoname: z.string().min(1).max(300, { error: MSG.videoUnknown }),
});
export const subscribeParams = z.object({ canal: z.string().min(1).max(200, { error: MSG.channelUnknown }) });

/** GET /api/canales/{name}?n=&l=: the channel and a page of its videos, newest first. */
export const channelVideosQuery = z.object({ n: offset, l: limit(VIDEOS_PAGE_DEFAULT, VIDEOS_PAGE_MAX) });

const channelName = z
  .string({ error: MSG.channelNameInvalid })
  .trim()
  .min(CHANNEL_NAME_MIN, { error: MSG.channelNameInvalid })
  .max(CHANNEL_NAME_MAX, { error: MSG.channelNameInvalid });
const channelDescription = z
  .string({ error: MSG.invalidInput })
  .trim()
  .max(CHANNEL_DESCRIPTION_MAX, { error: MSG.channelDescriptionTooLong });

/** POST /api/canales (JSON): creates the caller's channel; one per user. Without `url`, one is made from the name. */
export const newChannelBody = z.object({
  nombre: channelName,
  url: optionalParam(
    z
      .string({ error: MSG.channelUrlInvalid })
      .trim()
      .toLowerCase()
      .max(CHANNEL_URL_MAX, { error: MSG.channelUrlInvalid })
      .regex(CHANNEL_URL_PATTERN, { error: MSG.channelUrlInvalid }),
  ),
  descripcion: channelDescription.default(''),
});
export type NewChannelBody = z.input<typeof newChannelBody>;

/** POST /api/canales/{name}/edit (JSON): the owner changes the name and description; the url stays. */
export const editChannelBody = z.object({ nombre: channelName, descripcion: channelDescription.default('') });
export type EditChannelBody = z.input<typeof editChannelBody>;

const videoTitle = z
  .string({ error: MSG.videoTitleInvalid })
  .trim()
  .min(VIDEO_TITLE_MIN, { error: MSG.videoTitleInvalid })
  .max(VIDEO_TITLE_MAX, { error: MSG.videoTitleInvalid });

/** The upload's tus metadata, decoded: the title (required) and the file's name (only for the owner's list). */
export const videoUploadMetadata = z.object({
  title: videoTitle,
  filename: z.string().max(255).optional(),
});

/** POST /api/canales/{name}/{videoname}/edit (JSON): the owner's title and description. */
export const editVideoBody = z.object({
  title: videoTitle,
  descripcion: z
    .string({ error: MSG.invalidInput })
    .trim()
    .max(VIDEO_DESCRIPTION_MAX, { error: MSG.videoDescriptionTooLong })
    .default(''),
});
export type EditVideoBody = z.input<typeof editVideoBody>;
