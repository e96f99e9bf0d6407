import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsQuery } from '@nomadas/shared/schemas';
import type { Viewer } from '../../../http/auth.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createPost, postIdOf } from '../../../test/posts-factory.js';
import { DEFLATE_PIECES_AFTER_ASKS } from './answer-text.js';
import {
  plainPost,
  plainWallPage,
  readPost,
  readWall,
  type AnswerEncoding,
  type WallAnswer,
} from './wall.js';

/**
 * The spliced path (shared reads with each reader's marks laid over them) against the plain one (read for
 * that reader alone, by its statement's per-reader columns), field by field, for random marks, pages, posts,
 * readers and encodings: a field that depends on the reader and is missing from reader-fields.ts, or a mark
 * whose source or forgetting is wrong, shows here as one reader's answer differing. Writes go through the API,
 * so the caches hear their events; what one run writes stays for the next, and a counterexample is the last
 * run on top of them. The writes in `action` are what a reader field can come from: a field drawn from
 * something else (a new table) needs its write added there. The page and post are read once before the
 * writes, so that what is shared of them is held when they land: a stale one (a write whose event it does
 * not forget, an edit or deletion too) differs from the plain read after them.
 */
let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
let users: Session[];
const posts: { url: string; id: string }[] = [];
const commentIds: string[] = [];
const TAGS = ['ruta', 'playa'];

beforeAll(async () => {
  // Two reports hide a post: its author alone then sees it, flagged hidden.
  t = await startTestServer({ REPORTS_TO_HIDE: '2' });
  users = await Promise.all(Array.from({ length: 4 }, () => t.createSession()));
  // Accounts older than a day: each report weighs 1.
  await sql`update users set created_at = now() - interval '2 days'`.execute(t.db);
  for (let i = 0; i < 10; i++) await publish(i % users.length, `Parada ${i} #${TAGS[i % 2]}`);
  for (let i = 0; i < 12; i++) await comment(i % users.length, i % posts.length);
}, 120_000);
afterAll(() => t?.close());

async function publish(author: number, text: string) {
  const post = await createPost(t, users[author]!, { text });
  posts.push({ url: post.url, id: await postIdOf(t, post) });
}

async function comment(user: number, post: number) {
  const answer = await t.post(`/api/comment/create/${posts[post]!.url}`, {
    token: users[user]!.token,
    body: { c: `Comentario ${commentIds.length}`, p: 0 },
  });
  if (answer.status === 200) commentIds.push(String(answer.body.data.id));
}

const user = fc.nat(3);
const anyPost = fc.nat(1_000);
/** What readers do, any of which may change what one of them is shown; refusals (own post, hidden) are fine. */
const action = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('like'), user, post: anyPost }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('like comment'), user, comment: fc.nat(1_000) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('follow', 'unfollow'), user, whom: user }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('comment'), user, post: anyPost }) },
  // Among the newest three, so that two reports hide some on the first pages: their authors alone see them.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('report'), user, newest: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('publish'), user, tag: fc.constantFrom(...TAGS) }) },
  // By anybody: only the author's are taken.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit'), user, post: anyPost }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete'), user, post: anyPost }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

async function act(a: Action) {
  const as = { token: users[a.user]!.token };
  const url = 'post' in a ? posts[a.post % posts.length]!.url : '';
  if (a.kind === 'like') await t.post(`/api/like/post/${url}`, as);
  if (a.kind === 'report') await t.post(`/api/denuncia/post/${posts.at(-1 - a.newest)!.url}`, as);
  if (a.kind === 'comment') await comment(a.user, a.post % posts.length);
  if (a.kind === 'publish') await publish(a.user, `Nueva #${a.tag}`);
  if (a.kind === 'edit')
    await t.post(`/api/update/post/${url}`, { ...as, body: { text: `Editada #${TAGS[0]}` } });
  if (a.kind === 'delete') await t.post(`/api/delete/post/${url}`, as);
  if (a.kind === 'like comment' && commentIds.length > 0)
    await t.post(`/api/comment/like/${commentIds[a.comment % commentIds.length]}`, as);
  if (a.kind === 'follow' || a.kind === 'unfollow') {
    const whom = users[a.whom]!.username;
    await t.post(a.kind === 'follow' ? `/api/follow/user/${whom}` : `/api/quitfollow/${whom}`, as);
  }
}

/** Now and then: most pages are asked for without `a`, `b`, `u` or `tag`. */
const seldom = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/** A page as the app may ask for it: by offset or after a post, of a hashtag or a user, with previews. */
const pageAsked = fc.record({
  n: fc.nat(6),
  l: fc.integer({ min: 1, max: 12 }),
  cm: fc.boolean(),
  tag: seldom(fc.constantFrom(...TAGS)),
  u: seldom(user),
  after: seldom(anyPost),
  upTo: seldom(anyPost),
});

function wallQuery(asked: typeof pageAsked extends fc.Arbitrary<infer A> ? A : never) {
  const idOf = (i: number | undefined) => (i === undefined ? undefined : posts[i % posts.length]!.id);
  return postsQuery.parse({
    n: String(asked.n),
    l: String(asked.l),
    cm: asked.cm ? '1' : '0',
    tag: asked.tag,
    u: asked.u === undefined ? undefined : users[asked.u]!.username,
    a: idOf(asked.after),
    b: idOf(asked.upTo),
  });
}

const viewerOf = (reader: number): Viewer => ({ ...users[reader]!, sessionId: 'property' });

/** The answer's JSON read back, or the refusal's status. */
async function spliced(answer: () => Promise<WallAnswer>, encoding: AnswerEncoding): Promise<unknown> {
  try {
    const { bytes } = await answer();
    // Asked for often enough, a gzipped answer is spliced from pieces deflated once: every ask must agree.
    const asks = encoding === 'gzip' ? DEFLATE_PIECES_AFTER_ASKS + 1 : 1;
    const texts = new Set<string>();
    for (let ask = 0; ask < asks; ask++) {
      const sent = await bytes(encoding);
      texts.add((encoding === 'gzip' ? gunzipSync(sent) : sent).toString('utf8'));
    }
    expect(texts.size).toBe(1);
    return JSON.parse([...texts][0]!);
  } catch (error) {
    return refusal(error);
  }
}

async function plain(read: () => Promise<unknown>): Promise<unknown> {
  try {
    return JSON.parse(JSON.stringify({ state: 'OK', data: await read() }));
  } catch (error) {
    return refusal(error);
  }
}

function refusal(error: unknown) {
  const status = (error as { statusCode?: number }).statusCode;
  if (status === undefined) throw error;
  return { refused: status };
}

const encoding = fc.constantFrom<AnswerEncoding>('identity', 'gzip');

describe('the spliced wall against the plain one', () => {
  it('is the same answer for every reader, page, post and encoding', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { maxLength: 6 }),
        user,
        pageAsked,
        encoding,
        fc.option(user, { nil: null }),
        fc.nat(1_000),
        async (actions, reader, asked, encoding, postReader, post) => {
          const query = wallQuery(asked);
          const viewer = viewerOf(reader);
          // One more than there are: a url with no post.
          const url = posts[post % (posts.length + 1)]?.url ?? 'no-existe-abc123';
          const postViewer = postReader === null ? null : viewerOf(postReader);
          // Read first, so the shared page and post are held when the writes come: they must be forgotten.
          await spliced(() => readWall(t.ctx, viewer, query), encoding);
          await spliced(() => readPost(t.ctx, postViewer, url), encoding);

          for (const a of actions) await act(a);
          // The writes' events, echoed back on api-postgres, have landed: the caches heard what they changed.
          await t.eventsHeard();

          expect(await spliced(() => readWall(t.ctx, viewer, query), encoding)).toEqual(
            await plain(() => plainWallPage(t.ctx, viewer, query)),
          );
          expect(await spliced(() => readPost(t.ctx, postViewer, url), encoding)).toEqual(
            await plain(() => plainPost(t.ctx, postViewer, url)),
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
});
