import path from 'node:path';
import type { Plugin } from 'vite';

/** A build-only plugin that runs `step` on the output folder once the bundle is written. */
export function afterBuild(name: string, step: (outDir: string) => void | Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => step(outDir),
  };
}
