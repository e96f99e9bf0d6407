import type { PostsPage } from '@nomadas/shared/schemas';
import type { WallPostRow } from './posts.queries.js';
import type { PageMarks } from './viewer-marks.js';

/**
 * A shared wall page written as JSON once, in UTF-8, cut where each caller's own marks go (islike, self,
 * follow; a comment's islike). A caller's answer is then these bytes and a few constant ones copied into one
 * buffer: turning 13 KB of posts into objects and JSON on every logged-in request was a third of the wall's
 * CPU, and joining it as text, then encoding that text for the socket, most of what was left.
 */
export interface WallPageText {
  /** Each post's JSON without its marks and without its closing brace. */
  posts: Buffer[];
  /** Per post url (as JSON, with its colon), its comment previews' JSON without islike nor closing brace. */
  comments: Array<{ url: Buffer; previews: Array<{ id: number; open: Buffer }> }> | undefined;
  /** The page's other fields (fin, b, a), as JSON members. */
  rest: Buffer;
}

const bytes = (text: string) => Buffer.from(text, 'utf8');
/** An object's JSON with its closing brace left off, for the caller's members to follow. */
const openObject = (value: object) => bytes(JSON.stringify(value).slice(0, -1));

/** Cuts a page as everybody sees it (no marks yet) into the fragments of WallPageText. */
export function wallPageText(page: PostsPage): WallPageText {
  const { data, comments, ...rest } = page;
  return {
    posts: data.map(({ islike: _liked, self: _self, follow: _follow, ...post }) => openObject(post)),
    comments:
      comments &&
      Object.entries(comments).map(([url, previews]) => ({
        url: bytes(`${JSON.stringify(url)}:[`),
        previews: previews.map(({ islike: _liked, ...preview }) => ({
          id: preview.id,
          open: openObject(preview),
        })),
      })),
    rest: bytes(`],${JSON.stringify(rest).slice(1, -1)}`),
  };
}

// The constant pieces a caller's answer is made of, marks included: there are only these few.
const POST_MARKS = {
  mine: [bytes(',"islike":0,"self":true}'), bytes(',"islike":1,"self":true}')],
  unfollowed: [bytes(',"islike":0,"self":false,"follow":0}'), bytes(',"islike":1,"self":false,"follow":0}')],
  followed: [bytes(',"islike":0,"self":false,"follow":1}'), bytes(',"islike":1,"self":false,"follow":1}')],
};
const COMMENT_MARKS = [bytes(',"islike":0}'), bytes(',"islike":1}')];
const [COMMA, PAGE_START, COMMENTS_START, LIST_END, OBJECT_END] = [
  ',',
  '{"data":[',
  ',"comments":{',
  ']',
  '}',
].map(bytes) as [Buffer, Buffer, Buffer, Buffer, Buffer];

/**
 * The page's JSON for one caller, inside `before` and `after` (an envelope): the fragments closed with their
 * marks. `rows` are the page's posts.
 */
export function markedPageText(
  text: WallPageText,
  rows: WallPostRow[],
  viewerId: string,
  flags: Pick<PageMarks, 'liked' | 'followed' | 'likedComments'>,
  envelope: { before: Buffer; after: Buffer },
): Buffer {
  const parts: Buffer[] = [envelope.before, PAGE_START];
  text.posts.forEach((open, i) => {
    const row = rows[i]!;
    const marks =
      row.user_id === viewerId
        ? POST_MARKS.mine
        : flags.followed.has(row.user_id)
          ? POST_MARKS.followed
          : POST_MARKS.unfollowed;
    if (i > 0) parts.push(COMMA);
    parts.push(open, marks[flags.liked.has(row.id) ? 1 : 0]!);
  });
  parts.push(text.rest);
  if (text.comments) {
    parts.push(COMMENTS_START);
    text.comments.forEach(({ url, previews }, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(url);
      previews.forEach(({ id, open }, j) => {
        if (j > 0) parts.push(COMMA);
        parts.push(open, COMMENT_MARKS[flags.likedComments.has(String(id)) ? 1 : 0]!);
      });
      parts.push(LIST_END);
    });
    parts.push(OBJECT_END);
  }
  parts.push(OBJECT_END, envelope.after);
  return Buffer.concat(parts);
}
