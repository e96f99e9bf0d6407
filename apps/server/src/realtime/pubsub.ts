import type { Redis } from 'ioredis';

/**
 * Messages between the app's instances (socket events, revoked sessions), as strings. In one process the
 * handlers are called in place; with REDIS_URL every instance publishes to and hears from Redis, itself
 * included. The typed layer on top (events.ts, RealtimeEventMap) is what new code uses.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<void>;
  /**
   * After the link to the other instances was down: messages sent meanwhile were not heard. `downSince`
   * is when it went down, so a handler can look up what it missed.
   */
  onResume(handler: (downSince: Date) => void): void;
  close(): Promise<void>;
}

/** Calls each handler; one that throws does not keep the message from the others (nor reach the publisher). */
function callEach<T>(handlers: Iterable<(value: T) => void>, value: T): void {
  for (const handler of handlers) {
    try {
      handler(value);
    } catch {
      // The typed layer (events.ts) logs its handlers' failures; a bare handler must not throw.
    }
  }
}

export function createLocalPubSub(): PubSub {
  const handlers = new Map<string, ((message: string) => void)[]>();
  return {
    async publish(channel, message) {
      callEach(handlers.get(channel) ?? [], message);
    },
    async subscribe(channel, handler) {
      const existing = handlers.get(channel);
      if (existing) existing.push(handler);
      else handlers.set(channel, [handler]);
    },
    onResume() {
      // One process never loses its own messages.
    },
    async close() {
      handlers.clear();
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
    callEach(handlers.get(channel) ?? [], message);
  });
  const resumeHandlers: ((downSince: Date) => void)[] = [];
  // When the link went down (the first close of an outage), and how many times it dropped since.
  let lostAt: Date | null = null;
  let drops = 0;
  subscriber.on('close', () => {
    drops++;
    lostAt ??= new Date();
  });
  subscriber.on('ready', () => {
    if (!lostAt) return;
    const downSince = lostAt;
    const seen = drops;
    const channels = [...handlers.keys()];
    // The resume handlers run once the channels are heard again, so that what they look up and what
    // arrives from then on leave no gap. A failure closes the connection again and the next 'ready' retries.
    (channels.length > 0 ? subscriber.subscribe(...channels) : Promise.resolve()).then(
      () => {
        if (drops !== seen) return;
        lostAt = null;
        callEach(resumeHandlers, downSince);
      },
      () => undefined,
    );
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
