import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load.js';

export interface Budget {
  p99Ms: number;
  /** Throughput as a share of the bare Fastify route measured in the same run (DESIGN.md §5: 1/5 for the wall). */
  minShareOfBare?: number;
}

export interface CaseResult extends LoadResult {
  name: string;
  budget: Budget | null;
  /** req/s as a share of the bare route of the same run. */
  shareOfBare: number;
  /**
   * CPU time of the serving process (and of its PostgreSQL backends) per answered request. Unlike req/s it
   * hardly moves when other work shares the machine; bare's CPU per request over this is the share of the
   * bare route the case would reach on a machine of its own.
   */
  cpuMsPerRequest?: number;
  pass: boolean | null;
}

export function judge(name: string, result: LoadResult, budget: Budget | null, bareRps: number): CaseResult {
  const shareOfBare = bareRps > 0 ? result.rps / bareRps : 0;
  const pass = budget
    ? result.errors === 0 && result.p99 <= budget.p99Ms && shareOfBare >= (budget.minShareOfBare ?? 0)
    : null;
  return { ...result, name, budget, shareOfBare, pass };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (share: number) => `${Math.round(share * 100)} %`;

/** A plain-text table: case, req/s and CPU per request with their shares of the bare route (the first row), latencies, verdict. */
export function formatTable(results: CaseResult[]): string {
  const rows = [
    [
      'case',
      'req/s',
      'of bare',
      'CPU/req',
      'of bare by CPU',
      'p50',
      'p90',
      'p99',
      'errors',
      'budget',
      'result',
    ],
    ...results.map((r) => [
      r.name,
      Math.round(r.rps).toLocaleString('en'),
      percent(r.shareOfBare),
      r.cpuMsPerRequest === undefined ? '—' : `${r.cpuMsPerRequest.toFixed(2)} ms`,
      r.cpuMsPerRequest && results[0]?.cpuMsPerRequest
        ? percent(results[0].cpuMsPerRequest / r.cpuMsPerRequest)
        : '—',
      ms(r.p50),
      ms(r.p90),
      ms(r.p99),
      String(r.errors),
      r.budget
        ? `p99 ≤ ${r.budget.p99Ms} ms${r.budget.minShareOfBare === undefined ? '' : `, ≥ ${percent(r.budget.minShareOfBare)} of bare`}`
        : '—',
      r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
    ]),
  ];
  return formatColumns(rows, { leftFrom: 9, rule: true });
}

/**
 * Lines up a table given as rows of cells (the first row its header): the first column and those from
 * `leftFrom` on to the left, the others (numbers) to the right; `rule` draws a line under the header.
 */
export function formatColumns(rows: string[][], options: { leftFrom: number; rule?: boolean }): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || column >= options.leftFrom
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join('  ');
  const lines = rows.map(line);
  if (options.rule) lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  return lines.join('\n');
}

/** Writes a bench's results as JSON, with the date and the machine they were measured on, and says where. */
export async function writeResults(file: string, results: Record<string, unknown>): Promise<void> {
  const output = path.resolve(file);
  const machine = {
    cpus: os.availableParallelism(),
    model: os.cpus()[0]?.model ?? '',
    node: process.version,
  };
  await fs.writeFile(
    output,
    `${JSON.stringify({ date: new Date().toISOString(), machine, ...results }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(process.cwd(), output)}`);
}
