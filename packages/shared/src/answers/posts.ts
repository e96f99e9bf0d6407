import { z } from 'zod';
import { flagSchema, okEnvelope, type Flag } from './envelope.js';

const isoDate = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);

/** A post as every list and GET /api/post/{url} answer it (spec §3 names, plus the image variants). */
export const wallPostSchema = z
  .strictObject({
    url: z.string(),
    username: z.string(),
    userimg: z.string(),
    media: z.string().describe('Display image (≤ 1440 px), WebP.'),
    mediaJpeg: z
      .string()
      .describe('The same display image as JPEG, for <picture> fallbacks and link previews.'),
    thumb: z.string().describe('Square grid thumbnail (480×480), WebP.'),
    thumbSmall: z.string().describe('The same thumbnail at 240×240, WebP, for phones (srcset).'),
    thumbJpeg: z.string(),
    width: z.number().int().describe('Size of the display image in pixels, so the browser reserves its box.'),
    height: z.number().int(),
    mediatext: z.string().describe('Text as first published.'),
    descripcion: z
      .string()
      .nullable()
      .describe('Edited text, or null when never edited; show descripcion ?? mediatext.'),
    date: isoDate,
    likes: count,
    islike: flagSchema,
    comentarios: count.describe('Comments including replies.'),
    self: z.boolean().describe('The caller wrote it.'),
    follow: flagSchema
      .optional()
      .describe("Whether the caller follows the author; absent for the caller's own posts and for visitors."),
    index: z.number().int().describe('Position in the list (n + position in the page); 0 for a single post.'),
    lugar: z
      .strictObject({ u: z.string().describe('urlpoint (→ /mapa/location/{u}).'), n: z.string() })
      .nullable()
      .optional()
      .describe('The map place the post was made at, or null.'),
    hidden: z
      .literal(true)
      .optional()
      .describe(
        "Only on the caller's own post while reports keep it hidden from everybody else, pending review.",
      ),
  })
  .meta({ id: 'WallPost' });
export type WallPost = z.infer<typeof wallPostSchema>;

/** A comment (spec §3); `items` are its replies, oldest first, with `items: []` themselves. */
export interface WallComment {
  id: number;
  comentario: string;
  username: string;
  userimg: string;
  /** ISO 8601. */
  date: string;
  likes: number;
  islike: Flag;
  items: WallComment[];
}

const commentFields = {
  id: z.number().int(),
  comentario: z.string(),
  username: z.string(),
  userimg: z.string(),
  date: isoDate,
  likes: count,
  islike: flagSchema,
};

// Written out as an interface above: a recursive schema needs its type spelled once by hand.
export const wallCommentSchema: z.ZodType<WallComment> = z
  .strictObject({
    ...commentFields,
    get items() {
      return z.array(wallCommentSchema).describe('Replies, oldest first.');
    },
  })
  .meta({ id: 'WallComment' });

/**
 * GET /api/comment/get/{post}: the spec's shape (the list of comments in `data`, replies in `items`) with `fin`
 * beside it. `data` is one page: the newest top-level comments before `a`, oldest first, each with all its replies.
 */
export const commentsAnswerSchema = okEnvelope(z.array(wallCommentSchema)).extend({
  fin: flagSchema.describe('1 when there are no older top-level comments to load.'),
});
export type CommentsAnswer = z.infer<typeof commentsAnswerSchema>;

/** A comment shown under a post in the feed: its replies are not sent, only how many there are. */
export const wallCommentPreviewSchema = z
  .strictObject({
    ...commentFields,
    items: z.array(wallCommentSchema),
    replyCount: count,
  })
  .meta({ id: 'WallCommentPreview' });
export type WallCommentPreview = z.infer<typeof wallCommentPreviewSchema>;

/** `data` of GET /api/posts. */
export const postsPageSchema = z
  .strictObject({
    data: z.array(wallPostSchema),
    fin: flagSchema.describe(
      '1 when there are no more posts to load. A visitor’s list ends after the first 5 posts (next page empty, fin 1).',
    ),
    b: z
      .string()
      .nullable()
      .describe(
        'Newest post id of the first page; send it back as b with later pages. Null while the wall is empty.',
      ),
    a: z
      .string()
      .nullable()
      .describe(
        'Oldest post id of this page; send it back as a to continue right after it. Null when the page is empty.',
      ),
    comments: z
      .record(z.string(), z.array(wallCommentPreviewSchema))
      .optional()
      .describe('Only with cm=1: the latest top-level comments of each post, oldest first, by post url.'),
  })
  .meta({ id: 'PostsPage' });
export type PostsPage = z.infer<typeof postsPageSchema>;

/** `data` of POST /api/like/post/{posturl} and POST /api/comment/like/{id}: the state after the toggle. */
export const likeStateSchema = z.strictObject({ islike: flagSchema, likes: count }).meta({ id: 'LikeState' });
export type LikeState = z.infer<typeof likeStateSchema>;

/** `data` of POST /api/comment/create/{posturl}. */
export const createdCommentSchema = z
  .strictObject({
    ...commentFields,
    items: z.array(wallCommentSchema),
    parent: z
      .number()
      .int()
      .describe(
        'Top-level comment it was attached to (a reply to a reply goes under the top-level one); 0 for top level.',
      ),
    comentarios: count.describe("The post's comment total after this one."),
  })
  .meta({ id: 'CreatedComment' });
export type CreatedComment = z.infer<typeof createdCommentSchema>;

/** `data` of POST /api/update/post/{posturl}: the text as it now reads. */
export const editedPostSchema = z.strictObject({
  url: z.string(),
  descripcion: z.string(),
  /** The post's place when the edit changed it (null: none now). */
  lugar: z.strictObject({ u: z.string(), n: z.string() }).nullable().optional(),
});
export type EditedPost = z.infer<typeof editedPostSchema>;

/** `data` of POST /api/comment/delete/{id}: the post's comment total after the deletion (replies go with it). */
export const deletedCommentSchema = z.strictObject({ comentarios: count });
export type DeletedComment = z.infer<typeof deletedCommentSchema>;
