import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/database.js';
import { startApp, type AppProcess, report } from '../test/app-process.js';
import { makePhoto } from '../test/posts-factory.js';
import {
  call,
  isOk,
  newPassword,
  newUsername,
  postForm,
  registerActivatedUser,
  type RemoteUser,
} from '../test/remote-client.js';

/*
 * DESIGN.md §6: every write that answered OK survives a restart, kill -9 included. The app runs as
 * `npm start` runs it; a stream of writes is cut by SIGKILL while requests are in flight, and a new
 * process on the same data must show every write it had acknowledged.
 */

type Acked =
  | { kind: 'post'; url: string; text: string; author: RemoteUser }
  | { kind: 'like'; url: string; user: RemoteUser }
  | { kind: 'comment'; url: string; text: string }
  | { kind: 'register'; username: string; password: string };

const WRITERS = 6;
/** Enough acknowledged writes of every kind before the kill; the stream keeps going until it. */
const ACKED_BEFORE_KILL = 40;

async function writeUntilKilled(app: AppProcess, users: RemoteUser[], firstPosts: string[]) {
  const acked: Acked[] = [];
  const posts = [...firstPosts];
  const likesTried = new Set<string>();
  const photos = await Promise.all(Array.from({ length: 40 }, () => makePhoto()));
  let next = 0;
  let inFlightAtKill = 0;
  let inFlight = 0;
  let killed = false;

  const oneWrite = async (n: number) => {
    const user = users[Math.floor(n / 4) % users.length]!;
    switch (n % 4) {
      case 0: {
        const text = `Kill ${n} ${crypto.randomUUID()}`;
        const answer = await call(app.baseUrl, 'POST', '/api/post/create', {
          token: user.token,
          form: postForm(photos[n % photos.length]!, text),
        });
        if (isOk(answer)) {
          acked.push({ kind: 'post', url: answer.body.data.url, text, author: user });
          posts.push(answer.body.data.url);
        }
        return answer;
      }
      case 1: {
        // A like is a toggle: each (user, post) pair is tried once, so an OK means "liked".
        // (4 users × a growing list of posts: pairs never run out before the kill.)
        const pairs = users.flatMap((liker) => posts.map((url) => ({ liker, url })));
        const { liker, url } = pairs.find((pair) => !likesTried.has(`${pair.liker.username} ${pair.url}`))!;
        likesTried.add(`${liker.username} ${url}`);
        const answer = await call(app.baseUrl, 'POST', `/api/like/post/${url}`, { token: liker.token });
        if (isOk(answer) && answer.body.data.islike === 1) acked.push({ kind: 'like', url, user: liker });
        return answer;
      }
      case 2: {
        const url = posts[n % posts.length]!;
        const text = `Comentario ${n} ${crypto.randomUUID()}`;
        const answer = await call(app.baseUrl, 'POST', `/api/comment/create/${url}`, {
          token: user.token,
          body: { c: text, p: 0 },
        });
        if (isOk(answer)) acked.push({ kind: 'comment', url, text });
        return answer;
      }
      default: {
        const username = newUsername('caida');
        const password = newPassword();
        const answer = await call(app.baseUrl, 'POST', '/api/register', {
          body: { username, email: `${username}@example.com`, password, password_confirmation: password },
        });
        if (isOk(answer)) acked.push({ kind: 'register', username, password });
        return answer;
      }
    }
  };

  const failures: string[] = [];
  const writer = async () => {
    while (!killed) {
      inFlight++;
      const answer = await oneWrite(next++);
      inFlight--;
      if (!killed && !isOk(answer)) failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  const streamStarted = Date.now();
  const deadline = streamStarted + 60_000;
  while (acked.length < ACKED_BEFORE_KILL && Date.now() < deadline && failures.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  inFlightAtKill = inFlight;
  killed = true;
  await app.kill9();
  await Promise.all(writers);
  return { acked, failures, inFlightAtKill, attempted: next, streamMs: Date.now() - streamStarted };
}

async function findMissing(app: AppProcess, acked: Acked[]): Promise<string[]> {
  const missing: string[] = [];
  for (const write of acked) {
    if (write.kind === 'post') {
      const answer = await call(app.baseUrl, 'GET', `/api/post/${write.url}`, { token: write.author.token });
      if (!isOk(answer) || answer.body.data.mediatext !== write.text) missing.push(`post ${write.url}`);
    } else if (write.kind === 'like') {
      const answer = await call(app.baseUrl, 'GET', `/api/post/${write.url}`, { token: write.user.token });
      if (!isOk(answer) || answer.body.data.islike !== 1)
        missing.push(`like ${write.user.username} ${write.url}`);
    } else if (write.kind === 'comment') {
      const answer = await call(app.baseUrl, 'GET', `/api/comment/get/${write.url}`);
      const texts = JSON.stringify(answer.body?.data ?? []);
      if (!isOk(answer) || !texts.includes(write.text)) missing.push(`comment ${write.text}`);
    } else {
      // An account exists once login stops answering "wrong credentials" (it asks for activation instead).
      const answer = await call(app.baseUrl, 'POST', '/api/login', {
        body: { username: write.username, password: write.password },
      });
      if (!isOk(answer)) missing.push(`account ${write.username}`);
    }
  }
  return missing;
}

const backends: {
  name: string;
  env: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}[] = [
  // Whatever `npm start` uses with no DATABASE_URL, on a real data folder.
  { name: 'the embedded database', env: async () => ({ env: {}, drop: async () => {} }) },
];
if (process.env.DATABASE_URL) {
  const baseUrl = process.env.DATABASE_URL;
  backends.push({
    name: 'PostgreSQL',
    env: async () => {
      const scratch = await createScratchDatabase(baseUrl);
      return {
        env: { DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '10', INSTANCES: '1' },
        drop: scratch.drop,
      };
    },
  });
}

describe.each(backends)('kill -9 in the middle of writes, on $name', ({ name, env: backendEnv }) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('keeps every write that was answered OK', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-kill-'));
    // Reachable by the postgres account, so the embedded case runs on the default embedded PostgreSQL.
    await fs.chmod(dataDir, 0o755);
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const backend = await backendEnv();
    cleanups.push(backend.drop);
    const env = { DATA_DIR: dataDir, ...backend.env };
    const outbox = path.join(dataDir, 'outbox');

    const booted = Date.now();
    const first = await startApp(env);
    const firstStartMs = Date.now() - booted;
    cleanups.push(() => first.kill9());
    const users = await Promise.all(
      Array.from({ length: 4 }, () => registerActivatedUser(first.baseUrl, outbox)),
    );
    const firstPosts: string[] = [];
    for (const user of users) {
      const answer = await call(first.baseUrl, 'POST', '/api/post/create', {
        token: user.token,
        form: postForm(await makePhoto(), `Primera parada de ${user.username}`),
      });
      expect(isOk(answer), JSON.stringify(answer.body)).toBe(true);
      firstPosts.push(answer.body.data.url);
    }

    const setupMs = Date.now() - booted - firstStartMs;
    const { acked, failures, inFlightAtKill, attempted, streamMs } = await writeUntilKilled(
      first,
      users,
      firstPosts,
    );
    expect(failures, 'writes refused before the kill').toEqual([]);
    expect(inFlightAtKill, 'requests in flight when the process died').toBeGreaterThan(0);

    const restarted = Date.now();
    const second = await startApp(env, undefined);
    cleanups.push(() => second.stop());
    const restartMs = Date.now() - restarted;
    const missing = await findMissing(second, acked);

    const byKind = (kind: Acked['kind']) => acked.filter((write) => write.kind === kind).length;
    report(
      `[faults] kill -9 on ${name}: ${attempted} writes attempted in ${streamMs} ms, ${acked.length} answered OK ` +
        `(posts ${byKind('post')}, likes ${byKind('like')}, comments ${byKind('comment')}, ` +
        `accounts ${byKind('register')}), ${inFlightAtKill} in flight at the kill; ` +
        `${acked.length - missing.length}/${acked.length} found after a restart of ${restartMs} ms ` +
        `(first start ${firstStartMs} ms, users and first posts ${setupMs} ms)`,
    );
    expect(missing).toEqual([]);
    for (const kind of ['post', 'like', 'comment', 'register'] as const)
      expect(byKind(kind)).toBeGreaterThan(0);

    // The restarted app takes writes again (no stale lock left by the killed process).
    const again = await call(second.baseUrl, 'POST', '/api/post/create', {
      token: users[0]!.token,
      form: postForm(await makePhoto(), 'Después del corte'),
    });
    expect(isOk(again), JSON.stringify(again.body)).toBe(true);
  });
});
