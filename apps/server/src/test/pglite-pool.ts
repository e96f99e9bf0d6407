import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import { PGliteDialect } from '../db/pglite-dialect.js';
import { pgliteExtensions } from '../db/pglite-extensions.js';

/*
 * The API test servers' PGlite, one per Vitest worker, kept from file to file. A PGlite opened from the migrated
 * snapshot cost 1.5 s of CPU more than a server on PostgreSQL (the WebAssembly PostgreSQL starting, the snapshot
 * unpacked), the larger part of the api-pglite project's time; handed back, it is brought to the snapshot's state
 * again in some 50 ms: every table emptied, the rows the migrations wrote put back, every sequence where they left
 * it, and the session's state discarded.
 */

/** How a database opened from the snapshot is brought back to it. */
interface ResetPlan {
  truncate: string;
  refill: string[];
  sequences: string[];
}

/** The migrations' own bookkeeping, which no test changes. */
const KEPT = new Set(['kysely_migration', 'kysely_migration_lock']);
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Read off a database fresh from the snapshot: what it holds is what every reset restores. */
async function readResetPlan(pglite: PGlite): Promise<ResetPlan> {
  const { rows: tables } = await pglite.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const emptied = tables.map((table) => table.name).filter((name) => !KEPT.has(name));
  const refill: string[] = [];
  for (const name of emptied) {
    const { rows } = await pglite.query<{ rows: unknown[] | null }>(
      `select json_agg(t) as rows from ${ident(name)} t`,
    );
    if (!rows[0]?.rows) continue;
    // Generated columns are computed again, and identity ones take the ids the rows had.
    const { rows: columns } = await pglite.query<{ name: string }>(
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [name],
    );
    const list = columns.map((column) => ident(column.name)).join(', ');
    refill.push(
      `insert into ${ident(name)} (${list}) overriding system value select ${list} ` +
        `from json_populate_recordset(null::${ident(name)}, ${literal(JSON.stringify(rows[0].rows))})`,
    );
  }
  const { rows: sequences } = await pglite.query<{ name: string; last: string | null; start: string }>(
    `select sequencename as name, last_value::text as last, start_value::text as start
       from pg_sequences where schemaname = 'public'`,
  );
  return {
    truncate: `truncate ${emptied.map(ident).join(', ')} restart identity cascade`,
    refill,
    sequences: sequences.map((sequence) =>
      sequence.last === null
        ? `select setval(${literal(ident(sequence.name))}, ${sequence.start}, false)`
        : `select setval(${literal(ident(sequence.name))}, ${sequence.last}, true)`,
    ),
  };
}

let plan: Promise<ResetPlan> | undefined;
/** This worker's PGlite between two test servers. */
let idle: Promise<PGlite> | undefined;

async function openFromSnapshot(snapshot: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create('memory://', {
    // int8 as text, as openDatabase reads it.
    parsers: { 20: (value: string) => value },
    extensions: await pgliteExtensions(),
    loadDataDir: snapshot,
  });
  plan ??= readResetPlan(pglite);
  await plan;
  return pglite;
}

async function reset(pglite: PGlite): Promise<PGlite> {
  const { truncate, refill, sequences } = await plan!;
  // Temporary tables, prepared statements, LISTENs, advisory locks and settings of the last server.
  await pglite.exec('discard all');
  await pglite.transaction(async (tx) => {
    await tx.exec(truncate);
    for (const statement of [...refill, ...sequences]) await tx.exec(statement);
  });
  return pglite;
}

/**
 * A database in the migrated snapshot's state for one test server. Its `destroy` hands the PGlite back for the
 * next server of this worker; whatever still holds this Kysely afterwards is refused, as by a closed database.
 */
export async function takeMigratedPglite(snapshot: () => Promise<Blob>): Promise<Db> {
  const taken = idle;
  idle = undefined;
  const pglite = (await taken?.catch(() => undefined)) ?? (await openFromSnapshot(await snapshot()));
  let handedBack = false;
  const lease = {
    query: (...args: Parameters<PGlite['query']>) => {
      if (handedBack) return Promise.reject(new Error('PGlite is closed'));
      return pglite.query(...args);
    },
    close: async () => {
      if (handedBack) return;
      handedBack = true;
      // Two servers at once had two PGlites: one is kept.
      const spare = idle;
      idle = reset(pglite);
      await spare?.then((other) => other.close()).catch(() => undefined);
    },
  } as unknown as PGlite;
  return new Kysely({ dialect: new PGliteDialect(lease) });
}
