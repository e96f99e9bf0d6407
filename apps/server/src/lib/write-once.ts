import { MSG } from '@nomadas/shared';
import type { Db } from '../db/database.js';
import { ko } from '../http/envelope.js';
import { ApiError } from '../http/errors.js';
import * as q from './write-receipts.queries.js';

/**
 * A write sent with an Idempotency-Key, as its service sees it: whose key, for which call, and the envelope its
 * answer becomes (the route's), stored with the write in its transaction.
 */
export interface WriteKey<T = unknown> extends q.ReceiptKey {
  envelope(answer: T): object;
}

/** The key is taken: an earlier write with it has committed, and its receipt is answered instead. */
class AlreadyWritten extends Error {}

/**
 * A write's transaction. With a key it takes the key first and stores the answer with the write, so the receipt
 * exists exactly when the write does (across a crash, between instances). A key already taken (a retry, or a
 * concurrent duplicate once it has committed) writes nothing and throws, so what the service runs after the
 * commit (events announced, notifications) runs once. The answer must be whole here, read through `trx`.
 */
export function writeTransaction<T>(
  db: Db,
  key: NoInfer<WriteKey<T>> | undefined,
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  if (!key) return db.transaction().execute(write);
  return db.transaction().execute(async (trx) => {
    if (!(await q.claimReceipt(trx, key))) throw new AlreadyWritten();
    const answer = await write(trx);
    await q.settleReceipt(trx, key, 200, key.envelope(answer));
    return answer;
  });
}

/** What a write answered: its HTTP status and envelope, and whether this is the replay of an earlier one. */
export interface WriteOutcome<A> {
  status: number;
  answer: A;
  replayed: boolean;
}

/**
 * A refusal a retry would meet again (a post gone, not yours, bad input) is kept and replayed; a 401 (log in
 * again), 408 and 429 (try later) are not, nor any 5xx: the retry runs the write.
 */
const keptRefusal = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

/**
 * Runs a write once per key and user (docs/architecture.md; the IETF draft "The Idempotency-Key HTTP Header
 * Field"): without a key it simply runs; with one, an earlier answer of the key is replayed (a 422 if it was
 * another call's) before anything else happens, so a post's photo is not processed again either. `write` hands
 * the key to its service, whose transaction goes through `writeTransaction`; a refusal it throws is kept.
 */
export async function writeOnce<T, A extends object>(
  db: Db,
  sent: { userId: string; key: string | undefined; call: string },
  write: (key: WriteKey | undefined) => Promise<T>,
  envelope: (answer: T) => A,
): Promise<WriteOutcome<A>> {
  if (sent.key === undefined)
    return { status: 200, answer: envelope(await write(undefined)), replayed: false };
  const key: WriteKey<T> = { userId: sent.userId, key: sent.key, call: sent.call, envelope };
  const replay = (receipt: q.Receipt | undefined): WriteOutcome<A> => {
    if (!receipt) throw new Error('write receipt missing after its key was taken');
    if (receipt.call !== key.call) throw new ApiError(422, MSG.idempotencyKeyReused);
    return { status: receipt.status, answer: receipt.answer as A, replayed: true };
  };
  const earlier = await q.findReceipt(db, key.userId, key.key);
  if (earlier) return replay(earlier);
  try {
    return { status: 200, answer: envelope(await write(key)), replayed: false };
  } catch (error) {
    if (error instanceof AlreadyWritten) return replay(await q.findReceipt(db, key.userId, key.key));
    if (error instanceof ApiError && keptRefusal(error.statusCode)) {
      // Nothing was written; a duplicate that got there first decides the answer.
      if (!(await q.keepRefusal(db, key, error.statusCode, ko(error.message)))) {
        return replay(await q.findReceipt(db, key.userId, key.key));
      }
    }
    throw error;
  }
}

/**
 * The key of a write whose transaction gives more than its answer (what the service runs after the commit):
 * its receipt stores the answer picked from that result.
 */
export function keyForResult<R, T>(
  key: WriteKey<T> | undefined,
  answerOf: (result: R) => T,
): WriteKey<R> | undefined {
  return key && { ...key, envelope: (result: R) => key.envelope(answerOf(result)) };
}
