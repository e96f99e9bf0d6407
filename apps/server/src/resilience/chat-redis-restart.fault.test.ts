import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatAckFrame, ChatNewFrame, ChatRefusedFrame } from '@nomadas/shared';
import { createScratchDatabase } from '../test/database.js';
import { delay, report, startApp, waitUntil } from '../test/app-process.js';
import { startOwnRedis } from '../test/own-services.js';
import { call, registerActivatedUser } from '../test/remote-client.js';
import { isAck, isNew, isRefusal, openSocket, type TestSocket } from '../test/ws-client.js';

/*
 * Redis stopped and started under two instances while two users chat across them: nothing crashes, every
 * message acknowledged is stored (GET /api/chats has it) and reaches the other user's socket, the ones sent
 * during the outage included, once Redis is back. Needs PostgreSQL (two instances, one database).
 */

const OUTAGE_MS = 4_000;
const SEND_EVERY_MS = 100;

describe.runIf(Boolean(process.env.DATABASE_URL))('Redis restarted during chat traffic', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('loses no message and delivers again once Redis is back', async () => {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.destroy());
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const dataDirs = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-chat-'))));
    cleanups.push(() => Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true }))));
    const env = {
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: redis.url,
      REDIS_PREFIX: `fault:${crypto.randomBytes(4).toString('hex')}:`,
    };
    const one = await startApp({ ...env, DATA_DIR: dataDirs[0]! });
    cleanups.push(() => one.stop());
    const two = await startApp({ ...env, DATA_DIR: dataDirs[1]! });
    cleanups.push(() => two.stop());

    const outbox = path.join(dataDirs[0]!, 'outbox');
    const ana = await registerActivatedUser(one.baseUrl, outbox, 'ana');
    const blas = await registerActivatedUser(one.baseUrl, outbox, 'blas');
    const a = await openSocket(one.baseUrl, ana.token);
    const b = await openSocket(two.baseUrl, blas.token);
    cleanups.push(() => Promise.all([a.close(), b.close()]));

    /** Sends until stopped, one message every SEND_EVERY_MS; answers the acknowledgements. */
    const chatter = (from: TestSocket, to: string, prefix: string) => {
      let running = true;
      const acks: Promise<ChatAckFrame>[] = [];
      const done = (async () => {
        for (let i = 0; running; i++) {
          const cid = `${prefix}${i}`;
          from.send({ t: 'c', ta: 'send', to, txt: `${prefix} ${i}`, cid });
          // Redis away refuses nothing: a refusal fails the test at once, with what it said.
          const answer = from
            .next<ChatAckFrame | ChatRefusedFrame>(
              (frame) => isAck(cid)(frame) || isRefusal(cid)(frame),
              15_000,
            )
            .then((frame) => {
              if (frame.ta !== 'ack') throw new Error(`message ${cid} refused: ${JSON.stringify(frame)}`);
              return frame;
            });
          answer.catch(() => undefined); // awaited later (soFar, stop), not unhandled meanwhile
          acks.push(answer);
          await delay(SEND_EVERY_MS);
        }
      })();
      return {
        soFar: () => Promise.all([...acks]),
        async stop() {
          running = false;
          await done;
          return Promise.all(acks);
        },
      };
    };
    const chatA = chatter(a, blas.username, 'a');
    const chatB = chatter(b, ana.username, 'b');
    const heardIds = (socket: TestSocket) =>
      new Set(socket.frames.filter(isNew()).map((frame) => (frame as ChatNewFrame).id));
    const allHeard = (fromA: ChatAckFrame[], fromB: ChatAckFrame[]) =>
      fromA.every((ack) => heardIds(b).has(ack.id)) && fromB.every((ack) => heardIds(a).has(ack.id));

    await delay(1_000);
    await redis.stop();
    await delay(OUTAGE_MS);
    await redis.start();
    const upAt = Date.now();
    // What was sent before and during the outage reaches the other side once Redis is back.
    const [beforeA, beforeB] = await Promise.all([chatA.soFar(), chatB.soFar()]);
    await waitUntil(
      "the outage's messages at the other socket",
      async () => allHeard(beforeA, beforeB),
      20_000,
      20,
    );
    const recoveredMs = Date.now() - upAt;
    await delay(2_000);
    const [fromA, fromB] = await Promise.all([chatA.stop(), chatB.stop()]);

    // No crash: both instances answer.
    for (const app of [one, two]) expect((await call(app.baseUrl, 'GET', '/api/health')).status).toBe(200);

    // Every acknowledged message reaches the other socket (each id at least once) ...
    await waitUntil(
      'every acknowledged message at the other socket',
      async () => allHeard(fromA, fromB),
      20_000,
    );

    // ... and is stored: GET /api/chats has them all, on either instance.
    const stored = async (baseUrl: string, token: string, peer: string) => {
      const ids = new Set<string>();
      for (let before = ''; ;) {
        const answer = await call(baseUrl, 'GET', `/api/chats?u=${peer}&l=100${before}`, { token });
        const { chats, fin } = answer.body.data[0] as { chats: { id: string }[]; fin: number };
        for (const message of chats) ids.add(message.id);
        if (fin === 1 || chats.length === 0) return ids;
        before = `&a=${chats.at(-1)!.id}`;
      }
    };
    const onTwo = await stored(two.baseUrl, blas.token, ana.username);
    expect([...fromA, ...fromB].filter((ack) => !onTwo.has(ack.id))).toEqual([]);

    // Delivery is live again: a new message arrives at once.
    const sentAt = Date.now();
    a.send({ t: 'c', ta: 'send', to: blas.username, txt: 'después', cid: 'after' });
    const after = await a.next<ChatAckFrame>(isAck('after'));
    await b.next((frame) => isNew()(frame) && (frame as ChatNewFrame).id === after.id, 5_000);
    const liveMs = Date.now() - sentAt;

    report(
      `[faults] chat across two instances, Redis down ${OUTAGE_MS} ms: ${fromA.length + fromB.length} messages ` +
        `acknowledged, all stored and all delivered (those of the outage ${recoveredMs} ms after Redis was back); ` +
        `a new message then arrived in ${liveMs} ms`,
    );
  });
});
