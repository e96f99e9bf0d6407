import type { DemoContent } from '@nomadas/server/demo';
import { FULL_SEED, seedDemo } from './seed.js';

export { FULL_SEED, seedDemo, type SeedReport, type SeedSize } from './seed.js';

/** What the server calls on a first run with the demo asked for (apps/server/src/demo.ts loads it). */
export const fillDemo: DemoContent['fillDemo'] = (ctx) => seedDemo(ctx, FULL_SEED);
