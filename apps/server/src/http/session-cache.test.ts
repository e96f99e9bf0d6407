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
  b.set('token-1', viewer('7', 's1'), inAnHour(), b.stamp());
  b.set('token-2', viewer('7', 's2'), inAnHour(), b.stamp());
  b.set('token-3', viewer('8', 's3'), inAnHour(), b.stamp());

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
    cache.set('t', viewer('1', 's'), new Date(Date.now() - 1), cache.stamp());
    expect(cache.get('t')).toBeUndefined();
  });

  it('does not cache a lookup that began before a logout: the row it read is gone', async () => {
    const bus = createLocalPubSub();
    const cache = new SessionCache(bus);
    await cache.start();
    const stamp = cache.stamp();
    // The lookup reads the session row; meanwhile a logout deletes it and revokes the session.
    await cache.revoke({ sessionId: 's' });
    cache.set('t', viewer('1', 's'), inAnHour(), stamp);
    expect(cache.get('t')).toBeUndefined();
    // The same happens when the revocation comes from another instance.
    const other = new SessionCache(bus);
    await other.start();
    const heard = new Promise<void>((resolve) => void bus.subscribe('sessions:revoked', () => resolve()));
    const before = other.stamp();
    await cache.revoke({ userId: '1' });
    await heard;
    other.set('t', viewer('1', 's2'), inAnHour(), before);
    expect(other.get('t')).toBeUndefined();
    // A lookup with nothing revoked meanwhile is cached.
    other.set('t', viewer('1', 's2'), inAnHour(), other.stamp());
    expect(other.get('t')).toEqual(viewer('1', 's2'));
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
