import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';

/**
 * db/schema.ts is written by hand; this reads it with the TypeScript checker (the types are erased at run
 * time, and a second list of columns would be one more thing to forget) and compares every table and column,
 * with whether it can be null, against the database the migrations made.
 */
const schemaFile = fileURLToPath(new URL('./schema.ts', import.meta.url));

type Columns = Record<string, Record<string, { nullable: boolean }>>;

function declaredColumns(): Columns {
  const configFile = path.resolve(path.dirname(schemaFile), '../../tsconfig.test.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  // @nomadas/shared's types from its source, as the tests resolve it (no build needed).
  const options = { ...parsed.options, customConditions: ['source'], noEmit: true };
  const program = ts.createProgram([schemaFile], options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile)!;
  const errors = ts.getPreEmitDiagnostics(program, source);
  if (errors.length)
    throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));

  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  );
  if (!database) throw new Error('schema.ts declares no Database interface');
  const columns: Columns = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    columns[table.name] = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const declared = checker.getTypeOfSymbol(column);
      // ColumnType<S, I, U> and Generated<T> are { __select__: S, ... }: what a select reads is what can be null.
      const select = declared.getProperty('__select__');
      const read = select ? checker.getTypeOfSymbol(select) : declared;
      const parts = read.isUnion() ? read.types : [read];
      columns[table.name]![column.name] = {
        nullable: parts.some((part) => (part.flags & ts.TypeFlags.Null) !== 0),
      };
    }
  }
  return columns;
}

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('db/schema.ts', () => {
  it('declares the tables and columns the migrations made, and which of them can be null', async () => {
    const migrated: Columns = {};
    const { rows } = await sql<{ table: string; column: string; nullable: 'YES' | 'NO' }>`
      select table_name as "table", column_name as "column", is_nullable as nullable
      from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_migration%'
    `.execute(t.db);
    for (const row of rows) (migrated[row.table] ??= {})[row.column] = { nullable: row.nullable === 'YES' };
    const declared = declaredColumns();
    // Sorted so that a failure reads as a diff of two lists: a line on one side only is the drift.
    const listed = (columns: Columns) =>
      Object.entries(columns)
        .flatMap(([table, byName]) =>
          Object.entries(byName).map(
            ([column, { nullable }]) => `${table}.${column}${nullable ? ' (null)' : ''}`,
          ),
        )
        .sort();
    expect(listed(declared), 'db/schema.ts (+) against the migrated tables (-)').toEqual(listed(migrated));
  }, 60_000);
});
