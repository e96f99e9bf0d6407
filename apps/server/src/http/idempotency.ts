import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@nomadas/shared';
import type { AppContext } from '../context.js';
import { writeOnce, type WriteKey } from '../lib/write-once.js';
import { requireViewer } from './auth.js';

const KEY_HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();
/** Says that the answer is an earlier write's, replayed (as Stripe's API does). */
const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The answer of a write that takes effect once per Idempotency-Key (lib/write-once.ts); the call's schema has
 * checked the key's form (idempotentWrite). `write` passes the key on to its service.
 */
export async function answerOnce<T, A extends object>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (key: WriteKey | undefined) => Promise<T>,
  envelope: (answer: T) => A,
): Promise<A> {
  const key = request.headers[KEY_HEADER];
  const sent = {
    userId: requireViewer(request).id,
    key: typeof key === 'string' ? key : undefined,
    call: request.routeOptions.config.call ?? request.routeOptions.url ?? '',
  };
  const outcome = await writeOnce(ctx.db, sent, write, envelope);
  if (outcome.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.status(outcome.status);
  return outcome.answer;
}
