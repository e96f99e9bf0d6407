import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const RANK: Record<string, number> = { soak: 0, resilience: 1 };

/**
 * The faults and the soak, which wait on an app process most of their time, share one pool with the API files
 * instead of running after them. Longest first, so none is left alone at the end: the soak, then the faults,
 * then the rest in Vitest's own order.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => RANK[file.project.name] ?? Object.keys(RANK).length;
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/** Polls (expect.poll) wait this long by default: a loaded machine answers in seconds, not Vitest's 1 s. */
const POLL = { poll: { timeout: 10_000 } };

// Every package resolves @nomadas/shared to its TypeScript source in tests (no build needed).
const shared = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};
// The server's files resolve packages as Node does when the app runs: without bundlers' `module` entries, which
// some packages (the AWS SDK's) point at files that Node cannot load.
const serverSide = {
  resolve: shared.resolve,
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
};

/**
 * API files whose outcome does not hang on the database: HTTP plumbing, limits, ffmpeg's work and the demo's
 * videos. PGlite is PostgreSQL itself in WebAssembly, so what could differ is the driver and its one connection,
 * which every other file exercises; these run once, on PostgreSQL when there is one. Each took PGlite 2 to 30 s
 * of a busy run, 175 s in all.
 */
const DATABASE_AGNOSTIC = [
  'apps/server/src/test/bad-input.api.test.ts',
  'apps/server/src/http/{api-docs,request-ids,route-table,trusted-proxies,write-limits}.api.test.ts',
  'apps/server/src/spa/*.api.test.ts',
  'apps/server/src/realtime/socket-limits.api.test.ts',
  'apps/server/src/media/serve-media.api.test.ts',
  'apps/server/src/modules/videos/video-{timeout,uploads}.api.test.ts',
  'apps/server/src/modules/{posts/post,map/location}-page-meta.api.test.ts',
  'apps/server/src/modules/map/base-map.api.test.ts',
  // A measurement of the offline places' size: the bytes are the same on either database.
  'apps/server/src/modules/map/map-offline-size.api.test.ts',
  'packages/demo/src/{channels-seed,seed-stop}.api.test.ts',
];

const apiProject = (name: string, testDb: 'pglite' | 'pg'): TestProjectInlineConfiguration => ({
  ...serverSide,
  test: {
    name,
    include: ['apps/server/src/**/*.api.test.ts', 'packages/demo/src/**/*.api.test.ts'],
    // The driver's own tests are about PostgreSQL's connections and statements, and two instances need one
    // database and Redis to share: nothing of theirs to run on PGlite.
    exclude: [
      ...(testDb === 'pglite' ? ['apps/server/src/db/postgres-driver.api.test.ts'] : []),
      ...(testDb === 'pglite' && process.env.DATABASE_URL ? DATABASE_AGNOSTIC : []),
      // Uploads across instances take tus's lock in PostgreSQL; one embedded database serves one instance.
      ...(testDb === 'pglite' ? ['apps/server/src/modules/videos/video-instances.api.test.ts'] : []),
      // PGlite runs one transaction at a time: none can stay open while another commits.
      ...(testDb === 'pglite' ? ['apps/server/src/modules/map/map-offline-late-commit.api.test.ts'] : []),
      ...(testDb === 'pglite' || !process.env.REDIS_URL
        ? ['apps/server/src/realtime/instances.api.test.ts']
        : []),
    ],
    env: { TEST_DB: testDb },
    // Each file starts its own server on its own database and config (test/harness.ts), so the files can share a
    // worker's loaded modules: importing the server afresh for every file was a third of these projects' time.
    isolate: false,
    // Every file's database starts from one migrated copy instead of its own initdb (PGlite) or migrations.
    globalSetup: [`apps/server/src/test/${testDb === 'pglite' ? 'pglite-snapshot' : 'pg-template'}.setup.ts`],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: POLL,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker here. The API and end-to-end files
    // spend most of their time waiting on PostgreSQL, the browser and the app's process, so two cores keep
    // three busy.
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstSequencer },
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
        ...serverSide,
        // What runs the machine's programs without the app's HTTP: ffmpeg, the embedded PostgreSQL, PGlite,
        // HAProxy and nginx on deploy/'s files. The unit tier stays pure code, quick to run on its own.
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
        ...serverSide,
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
                // Three instances share one PostgreSQL and Redis.
                'apps/server/src/resilience/three-instances.fault.test.ts',
              ],
          // Each file starts and kills app processes, PostgreSQL and Redis of its own (test/own-services.ts),
          // never the shared ones: they run beside the rest.
          expect: POLL,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...serverSide,
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
          // One app for every file (global-setup.ts) but the wall's, which read its newest posts and run an app
          // of their own (ownAppForFile). Two browsers at a time, after the rest: three beside the API files
          // starved both on a loaded machine.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          expect: POLL,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
