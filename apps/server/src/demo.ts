import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';

/** What a first run hands the demo content: the app's database, media, config and events, its log, and a stop. */
export type DemoFillContext = Pick<AppContext, 'db' | 'media' | 'config' | 'realtime'> & {
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Aborted when the server shuts down: the fill stops within a step and removes what it wrote. */
  signal: AbortSignal;
};

/** The demo workspace's entry (packages/demo): answers what it added, or null when it added nothing. */
export interface DemoContent {
  fillDemo(ctx: DemoFillContext): Promise<object | null>;
}

// A name held in a variable: the server's build never resolves the demo (which imports the server), and
// production loads it only when it seeds.
const DEMO_PACKAGE = '@nomadas/demo';

/** The demo content, loaded on demand; it rejects when the demo workspace is not installed. */
export async function loadDemo(): Promise<DemoContent> {
  return (await import(DEMO_PACKAGE)) as DemoContent;
}
