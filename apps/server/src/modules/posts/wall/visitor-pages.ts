import type { PostsPage } from '@nomadas/shared/schemas';
import type { SharedWallPage } from './shared-reads.js';
import type { PostsQuery } from './wall-reads.js';

/**
 * A visitor sees the newest WALL_VISITOR_POSTS of a list and nothing older, whatever `n`, `b` or `a`
 * ask: their page is cut from the list's head, never read deeper.
 */
export function cutVisitorPage(head: SharedWallPage, query: PostsQuery): PostsPage {
  const pinned = (id: string) =>
    (query.b === undefined || BigInt(id) <= BigInt(query.b)) &&
    (query.a === undefined || BigInt(id) < BigInt(query.a));
  const kept = head.rows.flatMap((row, i) => (pinned(row.id) ? [i] : []));
  const from = query.a === undefined ? query.n : 0;
  const picked = kept.slice(from, from + query.l);
  const more = from + picked.length < kept.length || head.page.fin === 0;
  const page: PostsPage = {
    data: picked.map((i, j) => ({ ...head.page.data[i]!, index: query.n + j })),
    fin: picked.length > 0 && more ? 0 : 1,
    b: query.b ?? head.page.b,
    a: head.rows[picked.at(-1) ?? -1]?.id ?? null,
  };
  if (head.page.comments) {
    const all = head.page.comments;
    page.comments = Object.fromEntries(page.data.map((post) => [post.url, all[post.url] ?? []]));
  }
  return page;
}

/**
 * Visitors all ask for the same few pages, so each answer is made once per shared head page (and forgotten
 * with it); a bounded few per head, since `n`, `b` and `a` are the caller's to vary.
 */
const visitorAnswers = new WeakMap<SharedWallPage, Map<string, Promise<Buffer>>>();
const VISITOR_ANSWERS_PER_HEAD = 32;

/** A visitor's answer cut from `head`, made by `make` unless the same was asked for before. */
export function visitorAnswer(
  head: SharedWallPage,
  key: string,
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  let answers = visitorAnswers.get(head);
  if (!answers) visitorAnswers.set(head, (answers = new Map()));
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = make();
    if (answers.size < VISITOR_ANSWERS_PER_HEAD) {
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
  }
  return answer;
}
