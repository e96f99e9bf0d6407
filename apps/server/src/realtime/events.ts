import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeEventMap, RealtimeEventName } from '@nomadas/shared';
import type { PubSub } from './pubsub.js';

export type EventHandler<K extends RealtimeEventName> = (event: RealtimeEventMap[K]) => void | Promise<void>;

/**
 * The typed events between the app's instances (RealtimeEventMap), over the string PubSub: each event is
 * the JSON of its payload on the channel of its name. Handlers are isolated: one that throws or rejects is
 * logged and the others still run.
 */
export interface RealtimeEvents {
  /** Tells every instance (this one included). Rejects when the link to them is down. */
  publish<K extends RealtimeEventName>(name: K, event: RealtimeEventMap[K]): Promise<void>;
  /**
   * The same for what must not be lost to an outage: a failed publish is retried in the background, the
   * failed ones in their order, for up to RETRY_FOR_MS. One published as the link returns may overtake
   * them (chat frames carry their id: the client orders by it).
   */
  publishSoon<K extends RealtimeEventName>(name: K, event: RealtimeEventMap[K]): void;
  /**
   * After a commit, what it changed (a domain event): this instance's handlers run at once, so the writer's
   * next read never finds what its caches held before, then every instance hears it as by publishSoon. This
   * one hears it twice: handlers of announced events only forget, which is idempotent.
   */
  announce<K extends RealtimeEventName>(name: K, event: RealtimeEventMap[K]): void;
  /** Resolves once this instance hears `name`; the function it answers stops the handler. */
  subscribe<K extends RealtimeEventName>(name: K, handler: EventHandler<K>): Promise<() => void>;
  /** After the link was down since `downSince`: events published meanwhile were not heard. */
  onResume(handler: (downSince: Date) => void | Promise<void>): () => void;
  close(): void;
}

const RETRY_EVERY_MS = 500;
const RETRY_FOR_MS = 60_000;
const RETRY_QUEUE_MAX = 10_000;

interface Pending {
  name: RealtimeEventName;
  message: string;
  until: number;
}

export function createRealtimeEvents(pubsub: PubSub, log: FastifyBaseLogger): RealtimeEvents {
  const handlers = new Map<RealtimeEventName, Set<EventHandler<any>>>();
  const listening = new Map<RealtimeEventName, Promise<void>>();
  const resumeHandlers = new Set<(downSince: Date) => void | Promise<void>>();
  const pending: Pending[] = [];
  let retryTimer: NodeJS.Timeout | undefined;

  const isolated = (what: string, work: () => void | Promise<void>) => {
    try {
      const result = work();
      if (result instanceof Promise) result.catch((error: unknown) => log.error({ err: error }, what));
    } catch (error) {
      log.error({ err: error }, what);
    }
  };

  const dispatch = (name: RealtimeEventName, message: string) => {
    let event: unknown;
    try {
      event = JSON.parse(message);
    } catch {
      log.warn({ channel: name }, 'realtime: an event that is not JSON was dropped');
      return;
    }
    for (const handler of handlers.get(name) ?? []) {
      isolated(`realtime: a handler of ${name} failed`, () => handler(event));
    }
  };

  pubsub.onResume((downSince) => {
    for (const handler of resumeHandlers)
      isolated('realtime: a resume handler failed', () => handler(downSince));
  });

  const flush = async () => {
    retryTimer = undefined;
    while (pending.length > 0) {
      const next = pending[0]!;
      if (next.until < Date.now()) {
        pending.shift();
        log.warn({ channel: next.name }, 'realtime: an event could not be published in time and was dropped');
        continue;
      }
      try {
        await pubsub.publish(next.name, next.message);
        pending.shift();
      } catch {
        retryTimer = setTimeout(() => void flush(), RETRY_EVERY_MS);
        retryTimer.unref();
        return;
      }
    }
  };

  function publishSoon<K extends RealtimeEventName>(name: K, event: RealtimeEventMap[K]) {
    const message = JSON.stringify(event);
    const enqueue = () => {
      if (pending.length >= RETRY_QUEUE_MAX) {
        pending.shift();
        log.warn('realtime: the retry queue is full; its oldest event was dropped');
      }
      pending.push({ name, message, until: Date.now() + RETRY_FOR_MS });
      retryTimer ??= setTimeout(() => void flush(), RETRY_EVERY_MS);
      retryTimer.unref();
    };
    // Behind what is already waiting to be retried.
    if (pending.length > 0) return enqueue();
    pubsub.publish(name, message).catch(enqueue);
  }

  return {
    async publish(name, event) {
      await pubsub.publish(name, JSON.stringify(event));
    },
    publishSoon,
    announce(name, event) {
      for (const handler of handlers.get(name) ?? []) {
        isolated(`realtime: a handler of ${name} failed`, () => handler(event));
      }
      publishSoon(name, event);
    },
    async subscribe(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      let ready = listening.get(name);
      if (!ready) {
        ready = pubsub.subscribe(name, (message) => dispatch(name, message));
        // Heard later even if this first SUBSCRIBE fails: the Redis subscriber renews every channel it
        // knows when it reconnects, so only the first caller is told.
        listening.set(
          name,
          ready.catch(() => undefined),
        );
      }
      try {
        await ready;
      } catch (error) {
        set.delete(handler);
        throw error;
      }
      return () => void set.delete(handler);
    },
    onResume(handler) {
      resumeHandlers.add(handler);
      return () => void resumeHandlers.delete(handler);
    },
    close() {
      clearTimeout(retryTimer);
      pending.length = 0;
      handlers.clear();
      resumeHandlers.clear();
    },
  };
}
