import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import type { ModerationItem, WallPost } from '@nomadas/shared/schemas';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost, listMediaFiles, postIdOf } from '../../test/posts-factory.js';

type Session = Awaited<ReturnType<TestServer['createSession']>>;

let t: TestServer;
let author: Session;
let moderator: Session;
let bystander: Session;

/** A user with the moderator role, logged in through the real login call. */
async function createModerator(): Promise<Session & { login: Record<string, unknown> }> {
  const user = await t.createUser();
  await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', user.id).execute();
  const login = await t.post('/api/login', { body: { username: user.username, password: user.password } });
  return { ...user, token: login.body.token, login: login.body };
}

/** Accounts registered two days ago: their reports weigh in full. */
async function age(...users: { id: string }[]) {
  const ids = users.map((user) => user.id);
  await sql`update users set created_at = now() - interval '2 days' where id in (${sql.join(ids)})`.execute(
    t.db,
  );
}

const sessions = (count: number) => Promise.all(Array.from({ length: count }, () => t.createSession()));
const report = (url: string, who: { token: string }) =>
  t.post(`/api/denuncia/post/${url}`, { token: who.token });
const urls = (posts: WallPost[] | ModerationItem[]) => posts.map((post) => post.url);
const postRow = (url: string) =>
  t.db.selectFrom('posts').selectAll().where('url', '=', url).executeTakeFirst();
const wall = async (query: string, who?: { token: string }) =>
  (await t.get(`/api/posts?1&${query}`, { token: who?.token })).body.data.data as WallPost[];
const queue = async (query = '') =>
  (await t.get(`/api/moderacion?${query}`, { token: moderator.token })).body;

/** A post that reports from three accounts older than a day have hidden. */
async function hiddenPost(text = 'Área junto al embalse #pendiente') {
  const post = await createPost(t, author, { text });
  const reporters = await sessions(3);
  await age(...reporters);
  for (const reporter of reporters) expect((await report(post.url, reporter)).status).toBe(200);
  expect((await postRow(post.url))!.hidden_at).not.toBeNull();
  return { post, reporters };
}

beforeAll(async () => {
  t = await startTestServer({ REPORTS_TO_HIDE: '3' });
  [author, bystander] = (await sessions(2)) as [Session, Session];
  moderator = await createModerator();
});
afterAll(() => t?.close());

describe('weighted reports', () => {
  it('three brand-new accounts no longer hide a post', async () => {
    const post = await createPost(t, author);
    const reporters = await sessions(3);
    for (const reporter of reporters) expect((await report(post.url, reporter)).status).toBe(200);

    const row = (await postRow(post.url))!;
    expect(row).toMatchObject({ reports_count: 3, report_weight: 0.75, hidden_at: null });
    expect((await t.get(`/api/post/${post.url}`)).status).toBe(200);
    expect(urls(await wall('n=0&l=50', bystander))).toContain(post.url);
    // Each reporter still stops seeing it, on the first page and on a keyset page after a newer post.
    expect((await t.get(`/api/post/${post.url}`, { token: reporters[0]!.token })).status).toBe(404);
    const newer = await createPost(t, author);
    const after = `n=1&l=50&a=${await postIdOf(t, newer)}`;
    expect(urls(await wall(after, reporters[0]))).not.toContain(post.url);
    expect(urls(await wall(after, bystander))).toContain(post.url);
  });

  it('reports of accounts older than a day hide it; new ones add a quarter each', async () => {
    const post = await createPost(t, author);
    const [agedA, agedB, ...fresh] = await sessions(6);
    await age(agedA!, agedB!);
    await report(post.url, agedA!);
    await report(post.url, agedB!);
    for (const reporter of fresh.slice(0, 3)) await report(post.url, reporter);
    expect(await postRow(post.url)).toMatchObject({ report_weight: 2.75, hidden_at: null });
    await report(post.url, fresh[3]!);
    const row = (await postRow(post.url))!;
    expect(row.report_weight).toBe(3);
    expect(row.hidden_at).not.toBeNull();
    expect((await t.get(`/api/post/${post.url}`)).status).toBe(404);
  });
});

describe('a post hidden by reports', () => {
  it('stays visible to its author only: single post, wall, profile wall and comments', async () => {
    // The visitor's and a bystander's views are read first, so the shared page holds everybody's view.
    const { post } = await hiddenPost();
    expect((await t.get(`/api/post/${post.url}`)).status).toBe(404);
    expect(urls(await wall('n=0&l=12', bystander))).not.toContain(post.url);
    expect(urls(await wall('n=0&l=5'))).not.toContain(post.url);

    const single = await t.get(`/api/post/${post.url}`, { token: author.token });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({ url: post.url, self: true, hidden: true });
    const own = (await wall('n=0&l=12&cm=1', author)).find((item) => item.url === post.url);
    expect(own).toMatchObject({ self: true, hidden: true });
    const profile = await wall(`n=0&l=12&u=${author.username}`, author);
    expect(urls(profile)).toContain(post.url);
    // A keyset page after a newer post: the author's own view there too, and nobody else's.
    const after = `n=1&l=12&a=${await postIdOf(t, await createPost(t, author))}`;
    expect(await wall(after, author)).toContainEqual(
      expect.objectContaining({ url: post.url, hidden: true }),
    );
    expect(urls(await wall(after, bystander))).not.toContain(post.url);
    expect((await t.get(`/api/comment/get/${post.url}`, { token: author.token })).status).toBe(200);

    // ...and the author's view never leaks into the page everybody shares, in either order.
    expect(urls(await wall('n=0&l=12', bystander))).not.toContain(post.url);
    expect(urls(await wall(`n=0&l=12&u=${author.username}`, bystander))).not.toContain(post.url);
    expect(urls(await wall(`n=0&l=5&u=${author.username}`))).not.toContain(post.url);
    expect((await t.get(`/api/comment/get/${post.url}`, { token: bystander.token })).status).toBe(404);
    expect(await wall('n=0&l=12', bystander)).not.toContainEqual(expect.objectContaining({ hidden: true }));
  });

  it('is the only post of a profile: the author still finds it on an otherwise empty page', async () => {
    const loner = await t.createSession();
    const post = await createPost(t, loner);
    const reporters = await sessions(3);
    await age(...reporters);
    for (const reporter of reporters) await report(post.url, reporter);
    expect(await wall(`n=0&l=12&u=${loner.username}`, bystander)).toEqual([]);
    expect(urls(await wall(`n=0&l=12&u=${loner.username}`, loner))).toEqual([post.url]);
  });
});

describe('GET /api/moderacion', () => {
  it('lists pending posts, most recently hidden first, with their reports and weight, paged', async () => {
    const older = await hiddenPost('Primero en ocultarse');
    const newer = await hiddenPost('Después');
    const page = await queue('n=0&l=2');
    expect(page.state).toBe('OK');
    expect(urls(page.data.data)).toEqual([newer.post.url, older.post.url]);
    expect(page.data.data[0]).toMatchObject({
      username: author.username,
      text: 'Después',
      reports: 3,
      weight: 3,
      thumb: expect.stringMatching(/^\/media\//),
      hiddenAt: expect.any(String),
    });
    expect(page.data.fin).toBe(0);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    const rest = await queue(`n=2&l=50`);
    expect(rest.data.fin).toBe(1);
    expect(urls(rest.data.data)).not.toContain(newer.post.url);
  });

  it('answers 401 without a session and 403 to anyone but a moderator', async () => {
    expect((await t.get('/api/moderacion')).status).toBe(401);
    const denied = await t.get('/api/moderacion', { token: bystander.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ state: 'KO', msg: MSG.moderatorsOnly });
  });

  it('tells the client the role at login, for moderators only', async () => {
    const fresh = await createModerator();
    expect(fresh.login).toMatchObject({ state: 'OK', role: 'moderator' });
    const login = await t.post('/api/login', {
      body: { username: bystander.username, password: bystander.password },
    });
    expect(login.body.token).toEqual(expect.any(String));
    expect(login.body.role).toBeUndefined();
  });

  it('reads the role on every call: taking it away takes effect at once', async () => {
    const former = await createModerator();
    expect((await t.get('/api/moderacion', { token: former.token })).status).toBe(200);
    await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', former.id).execute();
    expect((await t.get('/api/moderacion', { token: former.token })).status).toBe(403);
  });
});

describe('POST /api/moderacion/{posturl}', () => {
  it('restore clears the reports and shows the post to everybody again, reporters included', async () => {
    const { post, reporters } = await hiddenPost();
    const answer = await t.post(`/api/moderacion/${post.url}`, {
      token: moderator.token,
      body: { action: 'restore' },
    });
    expect(answer.body).toEqual({ state: 'OK', msg: MSG.moderationRestored });

    expect((await t.get(`/api/post/${post.url}`)).status).toBe(200);
    expect((await t.get(`/api/post/${post.url}`, { token: reporters[0]!.token })).status).toBe(200);
    expect(urls(await wall('n=0&l=50', bystander))).toContain(post.url);
    expect(await postRow(post.url)).toMatchObject({
      reports_count: 0,
      report_weight: 0,
      hidden_at: null,
      reviewed_by: moderator.id,
    });
    const left = await t.db
      .selectFrom('post_reports')
      .select('user_id')
      .where('post_id', '=', (await postRow(post.url))!.id)
      .execute();
    expect(left).toEqual([]);
    expect(urls((await queue('l=50')).data.data)).not.toContain(post.url);
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('post_url', '=', post.url)
      .execute();
    expect(log).toMatchObject([
      { action: 'restore', moderator_id: moderator.id, reports_count: 3, report_weight: 3 },
    ]);

    // Restored means reviewed, not pending: a second action finds nothing to do.
    const again = await t.post(`/api/moderacion/${post.url}`, {
      token: moderator.token,
      body: { action: 'remove' },
    });
    expect(again.status).toBe(404);
  });

  it('remove deletes the post for everybody, its author included, with its files', async () => {
    const { post } = await hiddenPost();
    const stem = (await postRow(post.url))!.media;
    expect((await listMediaFiles(t)).some((file) => file.includes(stem))).toBe(true);

    const answer = await t.post(`/api/moderacion/${post.url}`, {
      token: moderator.token,
      body: { action: 'remove' },
    });
    expect(answer.body).toEqual({ state: 'OK', msg: MSG.moderationRemoved });
    expect(await postRow(post.url)).toBeUndefined();
    expect((await t.get(`/api/post/${post.url}`, { token: author.token })).status).toBe(404);
    expect(urls(await wall(`n=0&l=50&u=${author.username}`, author))).not.toContain(post.url);
    expect((await listMediaFiles(t)).some((file) => file.includes(stem))).toBe(false);
    const log = await t.db
      .selectFrom('moderation_log')
      .selectAll()
      .where('post_url', '=', post.url)
      .execute();
    expect(log).toMatchObject([{ action: 'remove', author_id: author.id, moderator_id: moderator.id }]);
  });

  it('answers 401, 403, 404 and 400 where it should', async () => {
    const { post } = await hiddenPost();
    const body = { action: 'restore' };
    expect((await t.post(`/api/moderacion/${post.url}`, { body })).status).toBe(401);
    const denied = await t.post(`/api/moderacion/${post.url}`, { token: author.token, body });
    expect(denied.status).toBe(403);
    expect((await t.post(`/api/moderacion/no-existe-abc123`, { token: moderator.token, body })).status).toBe(
      404,
    );
    const visible = await createPost(t, author);
    expect((await t.post(`/api/moderacion/${visible.url}`, { token: moderator.token, body })).status).toBe(
      404,
    );
    const bad = await t.post(`/api/moderacion/${post.url}`, {
      token: moderator.token,
      body: { action: 'ban' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ state: 'KO', msg: MSG.moderationActionInvalid });
    // Nothing happened to it on the way.
    expect((await postRow(post.url))!.hidden_at).not.toBeNull();
  });

  it('refuses a moderator reviewing their own post', async () => {
    const own = await createPost(t, moderator);
    const reporters = await sessions(3);
    await age(...reporters);
    for (const reporter of reporters) await report(own.url, reporter);
    const answer = await t.post(`/api/moderacion/${own.url}`, {
      token: moderator.token,
      body: { action: 'restore' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.moderationOwnPost });
  });
});

describe('report rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(() => limited?.close());

  it('answers 429 with Retry-After after 20 reports in an hour', async () => {
    const [poster, reporter] = [await limited.createSession(), await limited.createSession()];
    const post = await createPost(limited, poster);
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await limited.post(`/api/denuncia/post/${post.url}`, { token: reporter.token })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await limited.post(`/api/denuncia/post/${post.url}`, { token: reporter.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ state: 'KO', msg: MSG.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
