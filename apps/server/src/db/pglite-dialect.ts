import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** How long a query waits for the session before the request fails with a 503 instead of hanging. */
const PGLITE_ACQUIRE_TIMEOUT_MS = 15_000;

/**
 * Kysely on embedded PGlite. PGlite is one session, so the driver hands out that session to one
 * caller at a time: a transaction then owns it until commit/rollback and no other request's query
 * can land inside it. (kysely-pglite shares the session freely, so a concurrent ROLLBACK could undo
 * someone else's write.) Inside a transaction, use only the transaction object, never the root db.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly acquireTimeoutMs = PGLITE_ACQUIRE_TIMEOUT_MS,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.acquireTimeoutMs);
  }
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** The session was held by others for too long: the database is overloaded or stuck. */
export class DatabaseBusyError extends Error {
  readonly statusCode = 503;
  constructor(waitedMs: number) {
    super(`PGlite session not free after ${waitedMs} ms`);
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private busy = false;
  private readonly waiters: { grant: () => void }[] = [];

  constructor(
    private readonly pglite: PGlite,
    private readonly acquireTimeoutMs: number,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {}

  /** First come, first served; a waiter that gives up leaves the line without taking a turn. */
  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(this.connection);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(this.connection);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new DatabaseBusyError(this.acquireTimeoutMs));
      }, this.acquireTimeoutMs);
      this.waiters.push(waiter);
    });
  }

  async releaseConnection() {
    const next = this.waiters.shift();
    if (next) next.grant();
    else this.busy = false;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  /** Lets every query already in line finish first. */
  async destroy() {
    await this.acquireConnection().catch(() => undefined);
    await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows === undefined ? undefined : BigInt(result.affectedRows);
    return { rows: result.rows, ...(affected === undefined ? {} : { numAffectedRows: affected }) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream results');
  }
}
