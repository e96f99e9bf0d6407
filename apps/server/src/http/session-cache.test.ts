import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalPubSub, createRedisPubSub, type PubSub } from '../realtime/pubsub.js';
import { SessionCache } from './session-cache.js';

const viewer = (id: string, sessionId: string) => ({ id, username: `u${id}`, sessionId });
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** Two instances' caches on one bus: what one revokes, the other forgets. */
async function revocationReachesTheOtherInstance(busA: PubSub, busB: PubSub) {
  const a = new SessionCache(busA);
  const b = new SessionCache(busB);
  await a.start();
  await b.start();
  b.set('token-1', viewer('7', 's1'), inAnHour());
  b.set('token-2', viewer('7', 's2'), inAnHour());
  b.set('token-3', viewer('8', 's3'), inAnHour());

  const forgotten = new Promise<void>((resolve) => void busB.subscribe('sessions:revoked', () => resolve()));
  await a.revoke({ sessionId: 's1' });
  await forgotten;
  expect(b.get('token-1')).toBeUndefined();
  expect(b.get('token-2')).toEqual(viewer('7', 's2'));

  const allForgotten = new Promise<void>(
    (resolve) => void busB.subscribe('sessions:revoked', () => resolve()),
  );
  await a.revoke({ userId: '7' });
  await allForgotten;
  expect(b.get('token-2')).toBeUndefined();
  expect(b.get('token-3')).toEqual(viewer('8', 's3'));
}

describe('SessionCache', () => {
  it('forgets a session that has expired', () => {
    const cache = new SessionCache(createLocalPubSub());
    cache.set('t', viewer('1', 's'), new Date(Date.now() - 1));
    expect(cache.get('t')).toBeUndefined();
  });

  it('revokes across instances on one bus', async () => {
    const bus = createLocalPubSub();
    await revocationReachesTheOtherInstance(bus, bus);
  });

  const redisUrl = process.env.REDIS_URL;
  const clients: Redis[] = [];
  afterAll(() => clients.forEach((client) => client.disconnect()));

  it.runIf(redisUrl)('revokes across instances through Redis', async () => {
    const prefix = `test:${Math.random().toString(36).slice(2)}:`;
    clients.push(new Redis(redisUrl!), new Redis(redisUrl!));
    // Publishing fails fast until its connection is ready (as the app's does), so wait for it here.
    await Promise.all(
      clients.map((client) => (client.status === 'ready' ? undefined : once(client, 'ready'))),
    );
    const busA = createRedisPubSub(clients[0]!, prefix);
    const busB = createRedisPubSub(clients[1]!, prefix);
    await revocationReachesTheOtherInstance(busA, busB);
    await busA.close();
    await busB.close();
  });
});
