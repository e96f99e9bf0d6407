import { MSG } from '@nomadas/shared';
import type { Readiness } from '@nomadas/shared/answers';
import type { Db } from '../../db/database.js';
import { pingDatabase } from './health.queries.js';

/** A check that has not answered in this long failed: a balancer's check times out soon after. */
const CHECK_TIMEOUT_MS = 2_000;

/** What readiness reads beyond the database: the shutdown's flag and the Redis link, when configured. */
export interface InstanceState {
  /** Set once by the shutdown (server.ts): ready answers 503 from then on while requests are still served. */
  draining: boolean;
  redis: { ping(): Promise<unknown> } | undefined;
}

async function answers(check: () => Promise<unknown>): Promise<'ok' | 'fallo'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'fallo'>((resolve) => (timer = setTimeout(resolve, CHECK_TIMEOUT_MS, 'fallo')));
  try {
    return await Promise.race([check().then(() => 'ok' as const), timeout]);
  } catch {
    return 'fallo';
  } finally {
    clearTimeout(timer);
  }
}

/** Each check's state, and the message of the first that fails (undefined: ready). */
export async function checkReadiness(
  db: Db,
  instance: InstanceState,
): Promise<{ readiness: Readiness; failure: string | undefined }> {
  const { redis } = instance;
  const [database, redisState] = await Promise.all([
    answers(() => pingDatabase(db)),
    redis ? answers(() => redis.ping()) : ('sin configurar' as const),
  ]);
  const readiness: Readiness = { database, redis: redisState, draining: instance.draining };
  const failure = readiness.draining
    ? MSG.notReadyDraining
    : database === 'fallo'
      ? MSG.notReadyDatabase
      : redisState === 'fallo'
        ? MSG.notReadyRedis
        : undefined;
  return { readiness, failure };
}
