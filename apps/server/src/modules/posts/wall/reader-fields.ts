import type { WallCommentPreview, WallPost } from '@nomadas/shared/schemas';

/**
 * What one reader has marked among the posts, authors and comments they read. The spliced path takes it from
 * the reader's remembered marks (viewer-marks.ts), the plain path from its own statement's per-reader columns
 * (wall-reads.ts): a mark added here is a compile error in both until each has a source for it.
 */
export interface ReaderMarks {
  /** Post ids. */
  liked: ReadonlySet<string>;
  /** User ids. */
  followed: ReadonlySet<string>;
  /** Comment ids. */
  likedComments: ReadonlySet<string>;
}

/** A reader and their marks; `id` is null for a visitor, who has none. */
export interface ReaderView extends ReaderMarks {
  id: string | null;
}

export const VISITOR: ReaderView = {
  id: null,
  liked: new Set(),
  followed: new Set(),
  likedComments: new Set(),
};

/** What a post's reader fields are computed from. */
export interface PostSubject {
  id: string;
  authorId: string;
}

/** What a comment preview's reader fields are computed from. */
export interface CommentSubject {
  id: string;
}

export interface ReaderField<Subject, Value> {
  /** Every value it takes, `undefined` for left out: the spliced path keeps a mark for each combination. */
  values: readonly Value[];
  of: (subject: Subject, reader: ReaderView) => Value;
}

type ReaderFields<Subject, Shape> = { [K in keyof Shape]?: ReaderField<Subject, Shape[K] | undefined> };

/**
 * The fields of a wall post that depend on who reads it, and all of them: the shared page and post hold a
 * visitor's view with these cut out, and each reader's answer has them laid back over it (answer-text.ts), as
 * the plain path presents them (posts.presenter.ts). A field that depends on the reader and is not here is
 * served to everybody as the visitor sees it; wall.api.test.ts compares both paths to catch that.
 */
export const POST_READER_FIELDS = {
  islike: { values: [0, 1], of: (post, reader) => (reader.liked.has(post.id) ? 1 : 0) },
  self: { values: [false, true], of: (post, reader) => reader.id === post.authorId },
  // Neither a visitor nor the author has one.
  follow: {
    values: [undefined, 0, 1],
    of: (post, reader) =>
      reader.id === null || reader.id === post.authorId
        ? undefined
        : reader.followed.has(post.authorId)
          ? 1
          : 0,
  },
} satisfies ReaderFields<PostSubject, WallPost>;

/** The same for a comment previewed under a post on the wall. */
export const COMMENT_READER_FIELDS = {
  islike: { values: [0, 1], of: (comment, reader) => (reader.likedComments.has(comment.id) ? 1 : 0) },
} satisfies ReaderFields<CommentSubject, WallCommentPreview>;

/**
 * One more, never laid over a shared answer: a post hidden by reports is shown to its author alone, marked
 * `hidden`. No shared page or post holds one, and the reader's marks name it among the posts that shift what
 * they read (viewer-marks.ts), as a post they reported: whatever holds one is read for them alone.
 */
export const hiddenField = (post: PostSubject & { hidden: boolean }, reader: ReaderView) =>
  post.hidden && reader.id === post.authorId ? { hidden: true as const } : {};

type ValuesOf<Fields> = {
  [K in keyof Fields]: Fields[K] extends ReaderField<never, infer Value> ? Value : never;
};

/** The reader's fields of one post or comment, in their declared order, those left out absent. */
export function readerFields<Subject, Fields extends Record<string, ReaderField<Subject, unknown>>>(
  fields: Fields,
  subject: Subject,
  reader: ReaderView,
): ValuesOf<Fields> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const value = field.of(subject, reader);
    if (value !== undefined) values[key] = value;
  }
  return values as ValuesOf<Fields>;
}
