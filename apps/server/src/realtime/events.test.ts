import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { RealtimeEventMap } from '@nomadas/shared';
import { createRealtimeEvents } from './events.js';
import { createLocalPubSub, type PubSub } from './pubsub.js';

const log = pino({ level: 'silent' });
const badge = (userId: string, pending: number): RealtimeEventMap['notifications:new'] => ({
  userId,
  pending,
  countedAt: 0,
});

describe('the typed realtime events', () => {
  it('delivers each event to every handler even when one throws or rejects', async () => {
    const events = createRealtimeEvents(createLocalPubSub(), log);
    const heard: number[] = [];
    await events.subscribe('notifications:new', () => {
      throw new Error('roto');
    });
    await events.subscribe('notifications:new', async () => Promise.reject(new Error('roto también')));
    await events.subscribe('notifications:new', (event) => void heard.push(event.pending));
    await events.publish('notifications:new', badge('1', 3));
    expect(heard).toEqual([3]);
  });

  it('stops a handler with the function subscribe answered', async () => {
    const events = createRealtimeEvents(createLocalPubSub(), log);
    const heard: number[] = [];
    const stop = await events.subscribe('notifications:new', (event) => void heard.push(event.pending));
    await events.publish('notifications:new', badge('1', 1));
    stop();
    await events.publish('notifications:new', badge('1', 2));
    expect(heard).toEqual([1]);
  });

  it('publishSoon retries what could not be published while the link was down, losing nothing', async () => {
    const local = createLocalPubSub();
    let down = true;
    const flaky: PubSub = {
      ...local,
      publish: (channel, message) =>
        down ? Promise.reject(new Error('Redis away')) : local.publish(channel, message),
    };
    const events = createRealtimeEvents(flaky, log);
    const heard: number[] = [];
    await events.subscribe('notifications:new', (event) => void heard.push(event.pending));
    events.publishSoon('notifications:new', badge('1', 1));
    events.publishSoon('notifications:new', badge('1', 2));
    down = false;
    events.publishSoon('notifications:new', badge('1', 3));
    // The one published once the link was back may overtake the two retried (a client orders by id).
    await vi.waitFor(() => expect([...heard].sort()).toEqual([1, 2, 3]), { timeout: 3_000 });
    expect(heard.slice(-2)).toEqual([1, 2]);
    events.close();
  });
});
