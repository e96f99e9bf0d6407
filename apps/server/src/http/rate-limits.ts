import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.js';

/** DESIGN.md §6: points per window (seconds), before RATE_LIMIT_FACTOR. */
const LIMITS = {
  loginIp: { points: 25, duration: 5 * 60 },
  // Failed logins per name typed (normalised), whether or not an account has it; successes do not count. Past it
  // only a browser or address that logged into the account before gets in (modules/accounts/login-trust.ts).
  loginName: { points: 25, duration: 5 * 60 },
  registerIp: { points: 10, duration: 60 * 60 },
  recoveryEmail: { points: 5, duration: 30 * 60 },
  recoveryIp: { points: 20, duration: 30 * 60 },
  // "Someone tried to register with your address" mails to one account.
  accountNoticeEmail: { points: 3, duration: 24 * 60 * 60 },
  contactIp: { points: 5, duration: 60 * 60 },
  uploadUser: { points: 30, duration: 30 * 60 },
  writeUser: { points: 300, duration: 5 * 60 },
  // Visitors' writes (route visits, events, account forms), counted before the body is read.
  anonWriteIp: { points: 120, duration: 60 },
  // Guesses at activation and recovery codes.
  codeIp: { points: 20, duration: 15 * 60 },
  // Reports hide posts: one account cannot flag its way through the wall.
  reportUser: { points: 20, duration: 60 * 60 },
  // Chat socket frames per user (realtime/frames.ts): past it a frame is dropped, a message refused with 'rate'.
  // Counted where the user's one socket is (spec §4: a newer one closes the older on every instance), in
  // memory: a Redis round trip before every frame was a fifth of a chat message's path across instances.
  socketFrameUser: { points: 20, duration: 1, local: true },
  // The own account (modules/own-profile), per user: attempts, right or wrong, so the password the
  // calls ask for cannot be guessed through them; an export builds a zip of everything the user made.
  passwordChangeUser: { points: 10, duration: 60 * 60 },
  emailChangeUser: { points: 5, duration: 60 * 60 },
  exportUser: { points: 5, duration: 60 * 60 },
  deleteAccountUser: { points: 10, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

export interface RateLimits {
  /** Counts one hit for `key`; throws a 429 ApiError with Retry-After once the limit is passed. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Throws the same 429 when `key` has already used up `name`, without counting a hit. */
  assertAvailable(name: LimitName, key: string): Promise<void>;
}

/** Counters live in Redis when there is one, so every instance shares them (except `local` ones); else in memory. */
export function createRateLimits(factor: number, redis?: { client: Redis; prefix: string }): RateLimits {
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const [name, limit] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    const points = Math.round(limit.points * factor);
    const keyPrefix = `${redis?.prefix ?? ''}rl:${name}`;
    const options = { keyPrefix, points, duration: limit.duration };
    limiters.set(
      name,
      redis && !('local' in limit)
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis.client,
            // While Redis is unreachable each instance counts on its own rather than failing the request.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options),
    );
  }
  return {
    async assertAvailable(name, key) {
      const limiter = limiters.get(name)!;
      // Unreadable counters (Redis away) do not lock anyone out; `consume` still counts on its insurance.
      const state = await limiter.get(key).catch(() => null);
      if (state && state.consumedPoints >= limiter.points) throw tooManyRequests(state.msBeforeNext / 1000);
    },
    async consume(name, key) {
      try {
        await limiters.get(name)!.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooManyRequests(rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
  };
}
