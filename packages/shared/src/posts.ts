import { z } from 'zod';
import {
  COMMENTS_PAGE_DEFAULT,
  COMMENTS_PAGE_MAX,
  COMMENT_TEXT_MAX,
  POSTS_PAGE_DEFAULT,
  POSTS_PAGE_MAX,
  POST_TEXT_MAX,
} from './constants.js';
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
export const createPostFields = z.object({
  text: postTextSchema,
  /** The urlpoint of a public place on the map the photo was taken at (optional). */
  lugar: z
    .string()
    .trim()
    .max(200, { error: MSG.mapPlaceUnknown })
    .optional()
    .transform((lugar) => lugar || undefined),
});

/**
 * POST /api/update/post/{posturl}: `text` must be sent (it may be empty, to remove the caption); `lugar`, a
 * public place's urlpoint, ties the post to it, null or '' unties it, and left out keeps the place it had.
 */
export const updatePostBody = z.object({
  text: z
    .string({ error: MSG.invalidInput })
    .transform(cleanText)
    .refine(fitsPostText, { error: MSG.postTextTooLong }),
  lugar: z
    .string({ error: MSG.mapPlaceUnknown })
    .trim()
    .max(200, { error: MSG.mapPlaceUnknown })
    .nullable()
    .optional()
    .transform((lugar) => (lugar === '' ? null : lugar)),
});

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

const postUrl = z.string().min(1).max(200);
export const postUrlParams = z.object({ url: postUrl });
export const postActionParams = z.object({ posturl: postUrl });
export const commentListParams = z.object({ post: postUrl });

/**
 * GET /api/comment/get/{post}?l={limit}&a={id}: a page of the newest top-level comments (not in the spec, which
 * lists them all). `a` is the oldest top-level comment id the client holds: the page brings the ones before it.
 */
export const commentsQuery = z.object({
  l: optionalParam(z.coerce.number({ error: MSG.invalidInput }).int().min(1)).transform((l) =>
    Math.min(l ?? COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX),
  ),
  a: optionalParam(idSchema),
});
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
  /** 'Siguiendo' (not in the spec): only the posts of the people the caller follows; logged-in callers only. */
  f: optionalParam(z.string()).transform((f) => f === '1' || f === 'true'),
  b: optionalParam(idSchema),
  /**
   * Keyset continuation (not in the spec): the id of the last post the client holds. The page then
   * starts right after it, whatever `n` says, so a deep page costs what the first does; `n` still
   * numbers the posts (`index`).
   */
  a: optionalParam(idSchema),
});
export type PostsQuery = z.input<typeof postsQuery>;

// The answers (WallPost, PostsPage...) are zod schemas too, in answers/posts.ts.
