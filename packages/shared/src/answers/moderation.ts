import { z } from 'zod';
import { flagSchema } from './envelope.js';

const isoDate = z.iso.datetime({ offset: true });

/** A post waiting for a moderator. */
export const moderationItemSchema = z
  .strictObject({
    url: z.string(),
    username: z.string(),
    userimg: z.string(),
    thumb: z.string().describe('Square thumbnail, WebP (thumbJpeg: JPEG), as on the wall.'),
    thumbJpeg: z.string(),
    media: z.string().describe('Display image, WebP (mediaJpeg: JPEG).'),
    mediaJpeg: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    text: z.string().describe('The text as it reads now (edited text when there is one).'),
    date: isoDate.describe('When it was published.'),
    hiddenAt: isoDate.describe('When reports hid it.'),
    reports: z.number().int().min(0).describe('Distinct reporters.'),
    weight: z
      .number()
      .min(0)
      .describe('Sum of the reporters’ weights (a report from an account under a day old weighs less).'),
  })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.infer<typeof moderationItemSchema>;

/** `data` of GET /api/moderacion. */
export const moderationPageSchema = z
  .strictObject({
    data: z.array(moderationItemSchema),
    fin: flagSchema.describe('1 when there are no more pending posts after this page.'),
    total: z.number().int().min(0).describe('Pending posts in all.'),
  })
  .meta({ id: 'ModerationPage' });
export type ModerationPage = z.infer<typeof moderationPageSchema>;
