import type { PostsPage } from '@nomadas/shared/schemas';
import type { WallPostRow } from './posts.queries.js';
import type { PageMarks } from './viewer-marks.js';

/**
 * A shared wall page written as JSON once, cut where each caller's own marks go (islike, self, follow; a
 * comment's islike). Laying a caller's marks over it is then string concatenation: turning 13 KB of posts
 * into objects and JSON on every logged-in request was a third of the wall's CPU.
 */
export interface WallPageText {
  /** Each post's JSON without its marks and without its closing brace. */
  posts: string[];
  /** Per post url (as JSON), its comment previews' JSON without islike nor closing brace. */
  comments: Array<{ url: string; previews: Array<{ id: number; open: string }> }> | undefined;
  /** The page's other fields (fin, b, a), as JSON members. */
  rest: string;
}

/** An object's JSON with its closing brace left off, for the caller's members to follow. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

/** Cuts a page as everybody sees it (no marks yet) into the fragments of WallPageText. */
export function wallPageText(page: PostsPage): WallPageText {
  const { data, comments, ...rest } = page;
  return {
    posts: data.map(({ islike: _liked, self: _self, follow: _follow, ...post }) => openObject(post)),
    comments:
      comments &&
      Object.entries(comments).map(([url, previews]) => ({
        url: JSON.stringify(url),
        previews: previews.map(({ islike: _liked, ...preview }) => ({
          id: preview.id,
          open: openObject(preview),
        })),
      })),
    rest: JSON.stringify(rest).slice(1, -1),
  };
}

/** The page's JSON for one caller: the fragments closed with their marks. `rows` are the page's posts. */
export function markedPageText(
  text: WallPageText,
  rows: WallPostRow[],
  viewerId: string,
  flags: Pick<PageMarks, 'liked' | 'followed' | 'likedComments'>,
): string {
  const posts = text.posts.map((open, i) => {
    const row = rows[i]!;
    const mine = row.user_id === viewerId;
    const follow = mine ? '' : `,"follow":${flags.followed.has(row.user_id) ? 1 : 0}`;
    return `${open},"islike":${flags.liked.has(row.id) ? 1 : 0},"self":${mine}${follow}}`;
  });
  let json = `{"data":[${posts.join(',')}],${text.rest}`;
  if (text.comments) {
    const byPost = text.comments.map(({ url, previews }) => {
      const marked = previews.map(
        ({ id, open }) => `${open},"islike":${flags.likedComments.has(String(id)) ? 1 : 0}}`,
      );
      return `${url}:[${marked.join(',')}]`;
    });
    json += `,"comments":{${byPost.join(',')}}`;
  }
  return `${json}}`;
}
