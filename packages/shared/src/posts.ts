import { z } from 'zod';
import { COMMENT_TEXT_MAX, POSTS_PAGE_DEFAULT, POSTS_PAGE_MAX, POST_TEXT_MAX } from './constants.js';
import { MSG } from './messages.js';
import { hasVisibleText, textLength } from './text.js';

// ---------------------------------------------------------------- requests

/** Trimmed; NUL is dropped because PostgreSQL text cannot hold it. */
const cleanText = (value: string) => value.replaceAll('\u0000', '').trim();

/** User text that may be left out (read as empty). */
const userText = (requiredMessage: string = MSG.invalidInput) =>
  z
    .string({ error: requiredMessage })
    .optional()
    .transform((value) => cleanText(value ?? ''));

/** Query-string values: an empty `?tag=` means "not given". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** Ids are bigint in the database; 18 digits always fit. */
const idSchema = z.string().regex(/^\d{1,18}$/, { error: MSG.invalidInput });

/** Spec §5: at most 500 characters, a surrogate pair counting as one. May be empty. */
const fitsPostText = (text: string) => textLength(text) <= POST_TEXT_MAX;

/** Post text; a missing one reads as empty. */
export const postTextSchema = userText().refine(fitsPostText, { error: MSG.postTextTooLong });

/** Text fields of the multipart POST /api/post/create (the photo travels as the `media` file). */
export const createPostFields = z.object({ text: postTextSchema });
export type CreatePostFields = z.input<typeof createPostFields>;

/** POST /api/update/post/{posturl}: `text` must be sent (it may be empty, to remove the caption). */
export const updatePostBody = z.object({
  text: z
    .string({ error: MSG.invalidInput })
    .transform(cleanText)
    .refine(fitsPostText, { error: MSG.postTextTooLong }),
});
export type UpdatePostBody = z.input<typeof updatePostBody>;

/** POST /api/comment/create/{posturl}: c text, p parent comment id (0 = top level), u post url (ignored: the path has it). */
export const createCommentBody = z.object({
  c: userText(MSG.commentRequired)
    .refine(hasVisibleText, { error: MSG.commentRequired, abort: true })
    .refine((text) => textLength(text) <= COMMENT_TEXT_MAX, { error: MSG.commentTooLong }),
  p: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 0 : value),
    z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(Number.MAX_SAFE_INTEGER),
  ),
  u: z.string().optional(),
});
export type CreateCommentBody = z.input<typeof createCommentBody>;

const postUrl = z.string().min(1).max(200);
export const postUrlParams = z.object({ url: postUrl });
export const postActionParams = z.object({ posturl: postUrl });
export const commentListParams = z.object({ post: postUrl });
export const commentIdParams = z.object({ id: idSchema });

/**
 * GET /api/posts?1&n={offset}&l={limit}&tag={tag}&cm=1 (spec §7), plus `u` (one user's posts)
 * and `b` (the `data.b` of the first page: later pages then never repeat a post while new ones arrive).
 */
export const postsQuery = z.object({
  n: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(0).max(1_000_000)).transform(
    (n) => n ?? 0,
  ),
  l: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(1)).transform((l) =>
    Math.min(l ?? POSTS_PAGE_DEFAULT, POSTS_PAGE_MAX),
  ),
  tag: optionalParam(z.string().max(100)).transform((tag) => {
    const normalized = tag?.trim().replace(/^#/, '').toLocaleLowerCase('es');
    return normalized || undefined;
  }),
  u: optionalParam(z.string().max(100)).transform((name) => name?.trim().toLowerCase() || undefined),
  cm: optionalParam(z.string()).transform((cm) => cm === '1' || cm === 'true'),
  b: optionalParam(idSchema),
});
export type PostsQuery = z.input<typeof postsQuery>;

// ---------------------------------------------------------------- answers

/** 1/0 flags, as the spec's client compares them. */
export type Flag = 0 | 1;

/** A post as every list and GET /api/post/{url} answer it (spec §3 names, plus the image variants). */
export interface WallPost {
  url: string;
  username: string;
  userimg: string;
  /** Display image (≤ 1440 px), WebP. */
  media: string;
  /** The same display image as JPEG, for `<picture>` fallbacks and link previews. */
  mediaJpeg: string;
  /** Square grid thumbnail (480×480), WebP and JPEG. */
  thumb: string;
  thumbJpeg: string;
  /** Size of the display image in pixels, so the browser reserves its box (no layout shift). */
  width: number;
  height: number;
  /** Text as first published. */
  mediatext: string;
  /** Edited text, or null when never edited; show `descripcion ?? mediatext`. */
  descripcion: string | null;
  /** ISO 8601. */
  date: string;
  likes: number;
  islike: Flag;
  /** Comments including replies. */
  comentarios: number;
  /** The caller wrote it. */
  self: boolean;
  /** Whether the caller follows the author; absent for the caller's own posts and for visitors. */
  follow?: Flag;
  /** Position in the list (`n` + position in the page); 0 for a single post. */
  index: number;
}

/** A comment (spec §3); `items` are its replies, oldest first, with `items: []` themselves. */
export interface WallComment {
  id: number;
  comentario: string;
  username: string;
  userimg: string;
  date: string;
  likes: number;
  islike: Flag;
  items: WallComment[];
}

/** A comment shown under a post in the feed: its replies are not sent, only how many there are. */
export interface WallCommentPreview extends WallComment {
  replyCount: number;
}

/** `data` of GET /api/posts. */
export interface PostsPage {
  data: WallPost[];
  /** 1 when there are no more posts to load. A visitor's list ends after WALL_VISITOR_POSTS (next page empty, fin 1). */
  fin: Flag;
  /** Newest post id of the first page; send it back as `b` with later pages. Null while the wall is empty. */
  b: string | null;
  /** Only with `cm=1`: the latest WALL_COMMENTS_PREVIEW top-level comments of each post, oldest first, by post url. */
  comments?: Record<string, WallCommentPreview[]>;
}

/** `data` of POST /api/like/post/{posturl} and POST /api/comment/like/{id}: the state after the toggle. */
export interface LikeState {
  islike: Flag;
  likes: number;
}

/** `data` of POST /api/comment/create/{posturl}. */
export interface CreatedComment extends WallComment {
  /** Top-level comment it was attached to (a reply to a reply goes under the top-level one); 0 for top level. */
  parent: number;
  /** The post's comment total after this one. */
  comentarios: number;
}
