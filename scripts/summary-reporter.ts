import type { Reporter, TestModule } from 'vitest/node';

/** The slowest files listed at the end, to see where the suite's time goes (it must stay under 15 minutes). */
const SLOWEST_SHOWN = 15;

/**
 * Ends the run with the time each project's files took and the slowest files, then one plain line,
 * "Tests: N passed, N failed", that any CI can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const files: Array<{ name: string; ms: number }> = [];
    const byProject = new Map<string, number>();
    for (const module of testModules) {
      const project = module.project.name;
      const ms = module.diagnostic().duration;
      files.push({ name: `${project} ${module.moduleId.replace(process.cwd() + '/', '')}`, ms });
      byProject.set(project, (byProject.get(project) ?? 0) + ms);
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed to load or whose hooks failed counts as a failure of its own.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const projects = [...byProject].map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ');
    process.stdout.write(`\nFile time by project (summed over workers): ${projects}\nSlowest files:\n`);
    for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN))
      process.stdout.write(`  ${seconds(file.ms).padStart(8)}  ${file.name}\n`);
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed${tail}\n`);
  }
}
