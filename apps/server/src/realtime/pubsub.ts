import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Messages between the app's instances (socket events, revoked sessions). In one process it is an
 * EventEmitter; with REDIS_URL every instance publishes to and hears from Redis, itself included.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /** After the link to the other instances was down: messages sent meanwhile were not heard. */
  onResume(handler: () => void): void;
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
    onResume() {
      // One process never loses its own messages.
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisPubSub(redis: Redis, prefix: string): PubSub {
  // A connection in subscriber mode can do nothing else, so it gets its own.
  // No ready check: its INFO command is refused once the connection is subscribing.
  // It resubscribes itself after a reconnect (below): ioredis's own resubscription forgets the channels
  // when a connection drops again before its SUBSCRIBE was answered.
  const subscriber = redis.duplicate({ enableReadyCheck: false, autoResubscribe: false });
  subscriber.on('error', () => {
    // ioredis reconnects and resubscribes by itself; the publishing connection reports outages.
  });
  const handlers = new Map<string, ((message: string) => void)[]>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  const resumeHandlers: (() => void)[] = [];
  let lost = false;
  subscriber.on('close', () => (lost = true));
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    const channels = [...handlers.keys()];
    if (channels.length > 0) {
      // A failure here closes the connection again, and the next 'ready' retries.
      subscriber.subscribe(...channels).catch(() => undefined);
    }
    for (const handler of resumeHandlers) handler();
  });
  return {
    async publish(channel, message) {
      // Fail at once while Redis is away, rather than wait in ioredis's offline queue for its retries.
      if (redis.status !== 'ready') throw new Error(`Redis unavailable (${redis.status})`);
      await redis.publish(prefix + channel, message);
    },
    onResume(handler) {
      resumeHandlers.push(handler);
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
