import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { builtMain, report, startApp, type AppProcess } from '../test/app-process.js';
import { makePhoto } from '../test/posts-factory.js';
import {
  call,
  isOk,
  logIn,
  postForm,
  registerActivatedUser,
  type RemoteUser,
} from '../test/remote-client.js';

/*
 * Issue #30: `npm run backup` takes the embedded database and the media while the app runs and writes, and
 * `npm run restore` puts them into a fresh DATA_DIR on which the app starts with every row and every file the
 * backup saw, and nothing written after it.
 */

const run = promisify(execFile);
const backupCli = path.join(path.dirname(builtMain), 'backup/backup-cli.js');

/** The backup command as an operator runs it, on `dataDir`, with the app's production environment. */
const backupCommand = (dataDir: string, ...args: string[]) =>
  run(process.execPath, [backupCli, ...args], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
  });

const photoOf = (answer: { body: unknown }) =>
  JSON.stringify(answer.body).match(/\/media\/[\w/-]+\.webp/)?.[0];

const sha256 = (bytes: ArrayBuffer) => crypto.createHash('sha256').update(Buffer.from(bytes)).digest('hex');

interface Post {
  url: string;
  photo: string;
  /** The photo's bytes as the app served them before the backup. */
  hash: string;
}

async function createPost(app: AppProcess, user: RemoteUser, text: string): Promise<Post | undefined> {
  const answer = await call(app.baseUrl, 'POST', '/api/post/create', {
    token: user.token,
    form: postForm(await makePhoto(), text),
  });
  if (!isOk(answer)) return undefined;
  const photo = photoOf(answer)!;
  const served = await fetch(`${app.baseUrl}${photo}`);
  return { url: answer.body.data.url as string, photo, hash: sha256(await served.arrayBuffer()) };
}

describe('backup and restore of the embedded database and the media', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('restores into a fresh DATA_DIR every row and file of a backup taken while the app wrote', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-backup-'));
    cleanups.push(() => fs.rm(root, { recursive: true, force: true }));
    // Reachable by the postgres account, which runs the embedded database when tests run as root.
    await fs.chmod(root, 0o755);
    const [dataDir, restoredDir, backupDir] = ['data', 'restored', 'backup'].map((name) =>
      path.join(root, name),
    );
    const app = await startApp({ DATA_DIR: dataDir! });
    cleanups.push(() => app.stop());
    const author = await registerActivatedUser(app.baseUrl, path.join(dataDir!, 'outbox'));
    const before = (await createPost(app, author, 'Antes de la copia, en Somiedo #asturias'))!;
    expect(before).toBeDefined();

    // Posts keep coming while the backup runs: those it holds must come with their photos.
    const during: Post[] = [];
    let backingUp = true;
    const writer = (async () => {
      for (let n = 0; backingUp; n++) {
        const post = await createPost(app, author, `Durante la copia ${n}`);
        if (post) during.push(post);
      }
    })();
    const started = performance.now();
    const backup = await backupCommand(dataDir!, 'backup', backupDir!);
    const backupMs = performance.now() - started;
    backingUp = false;
    await writer;
    const manifest = JSON.parse(await fs.readFile(path.join(backupDir!, 'backup.json'), 'utf8'));
    expect(manifest.media.files, backup.stderr).toBeGreaterThan(0);

    const after = (await createPost(app, author, 'Después de la copia'))!;
    const newcomer = await registerActivatedUser(app.baseUrl, path.join(dataDir!, 'outbox'), 'despues');
    // Restore refuses a DATA_DIR in use, and one that holds data unless told to replace it.
    await expect(backupCommand(dataDir!, 'restore', backupDir!, '--overwrite')).rejects.toMatchObject({
      stderr: expect.stringMatching(/is running: stop the app first/),
    });
    await app.stop();
    await expect(backupCommand(dataDir!, 'restore', backupDir!)).rejects.toMatchObject({
      stderr: expect.stringMatching(/already hold data: .* --overwrite/),
    });

    const restoreStarted = performance.now();
    await backupCommand(restoredDir!, 'restore', backupDir!);
    const restoreMs = performance.now() - restoreStarted;
    const restored = await startApp({ DATA_DIR: restoredDir! });
    cleanups.push(() => restored.stop());

    const again = await logIn(restored.baseUrl, author.username, author.password);
    const wall = await call(restored.baseUrl, 'GET', '/api/posts?n=0&l=50', { token: again.token });
    expect(isOk(wall)).toBe(true);
    const listed = JSON.stringify(wall.body);
    expect(listed).toContain(before.url);
    expect(listed).not.toContain(after.url);
    const kept = during.filter((post) => listed.includes(post.url));
    for (const post of [before, ...kept]) {
      const served = await fetch(`${restored.baseUrl}${post.photo}`);
      expect(served.status, post.photo).toBe(200);
      expect(sha256(await served.arrayBuffer()), post.photo).toBe(post.hash);
    }
    const refused = await call(restored.baseUrl, 'POST', '/api/login', {
      body: { username: newcomer.username, password: newcomer.password },
    });
    expect(isOk(refused)).toBe(false);
    report(
      `[faults] backup while writing: ${Math.round(backupMs)} ms (${manifest.media.files} media files, WAL ` +
        `${manifest.database.startLsn}…${manifest.database.stopLsn}), ${kept.length} of ${during.length} posts ` +
        `written during it restored with their photos; restore ${Math.round(restoreMs)} ms`,
    );
  });
});
