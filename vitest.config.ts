import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest orders a group's files by project name, so the two-minute soak started after every API file and the
 * other workers then sat idle waiting for it. It starts first: it waits on its app beside the rest.
 */
class SoakFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSoak = (file: TestSpecification) => file.project.name === 'soak';
    return [...sorted.filter(isSoak), ...sorted.filter((file) => !isSoak(file))];
  }
}

// Every package resolves @nomadas/shared to its TypeScript source in tests (no build needed).
const shared = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

const apiProject = (name: string, testDb: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  ...shared,
  test: {
    name,
    include: ['apps/server/src/**/*.api.test.ts', 'packages/demo/src/**/*.api.test.ts'],
    // The driver's own tests are about PostgreSQL's connections and statements, and two instances need one
    // database and Redis to share: nothing of theirs to run on PGlite.
    exclude: [
      ...(testDb === 'pglite' ? ['apps/server/src/db/postgres-driver.api.test.ts'] : []),
      ...(testDb === 'pglite' || !process.env.REDIS_URL
        ? ['apps/server/src/realtime/instances.api.test.ts']
        : []),
    ],
    env: { TEST_DB: testDb },
    // Each file starts its own server on its own database and config (test/harness.ts), so the files can share a
    // worker's loaded modules: importing the server afresh for every file was a third of these projects' time.
    isolate: false,
    // On PGlite every file's database starts from one migrated copy instead of its own initdb.
    globalSetup: testDb === 'pglite' ? ['apps/server/src/test/pglite-snapshot.setup.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker here. The API and end-to-end files
    // spend most of their time waiting on PostgreSQL, the browser and the app's process, so two cores keep
    // three busy (the soak among them, while it lasts; the resilience project runs its files one at a time,
    // after the API projects).
    maxWorkers: 3,
    sequence: { sequencer: SoakFirstSequencer },
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
          ],
          exclude: [
            '**/*.api.test.ts',
            '**/*.system.test.ts',
            '**/*.fault.test.ts',
            '**/*.soak.test.ts',
            '**/node_modules/**',
          ],
          environment: 'node',
        },
      },
      {
        ...shared,
        // What runs the machine's programs without the app's HTTP: ffmpeg, the embedded PostgreSQL, PGlite. The
        // unit tier stays pure code, quick to run on its own.
        test: {
          name: 'system',
          include: ['apps/server/src/**/*.system.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      // The same API and data-layer tests on real PostgreSQL, when there is one.
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', 'pg')] : []),
      {
        ...shared,
        // The built app as child processes: kill -9, database and Redis outages.
        test: {
          name: 'resilience',
          include: ['apps/server/src/**/*.fault.test.ts'],
          // Restarting PostgreSQL and Redis needs their binaries, which CI's DATABASE_URL machine has.
          exclude: process.env.DATABASE_URL
            ? []
            : [
                'apps/server/src/resilience/postgres-restart.fault.test.ts',
                'apps/server/src/resilience/redis-restart.fault.test.ts',
                'apps/server/src/resilience/chat-redis-restart.fault.test.ts',
              ],
          // After the API projects, one file at a time: they start and kill app processes on their own.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...shared,
        // A bounded soak of one app process, beside the API projects: it waits on its app most of its two
        // minutes, and it asks for no errors, memory flat and a real rate (not the latencies of a quiet machine).
        test: {
          name: 'soak',
          include: ['apps/server/src/**/*.soak.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...shared,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Last, on its own: a browser beside busy API workers is what makes timing-sensitive UI flaky.
          sequence: { groupOrder: 2 },
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
