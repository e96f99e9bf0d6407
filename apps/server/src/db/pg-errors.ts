import { notFound } from '../http/errors.js';

/** PostgreSQL error codes the services turn into answers (same on PGlite and node-postgres). */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';

/** A row it points at was deleted meanwhile (a post or comment removed during a like or reply). */
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';

/** Runs a write whose target row may vanish under a concurrent delete: that is a 404, not a 500. */
export async function orNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound();
    throw error;
  }
}
