import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Messages between the app's instances (socket events, revoked sessions). In one process it is an
 * EventEmitter; with REDIS_URL every instance publishes to and hears from Redis, itself included.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

export function createLocalPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisPubSub(redis: Redis, prefix: string): PubSub {
  // A connection in subscriber mode can do nothing else, so it gets its own.
  // No ready check: its INFO command is refused once the connection is subscribing.
  const subscriber = redis.duplicate({ enableReadyCheck: false });
  subscriber.on('error', () => {
    // ioredis reconnects and resubscribes by itself; the publishing connection reports outages.
  });
  const handlers = new Map<string, ((message: string) => void)[]>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      const full = prefix + channel;
      const existing = handlers.get(full);
      if (existing) existing.push(handler);
      else {
        handlers.set(full, [handler]);
        await subscriber.subscribe(full);
      }
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
