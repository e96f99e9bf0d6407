import type { LoadResult } from './load.js';

export interface Budget {
  p99Ms: number;
  minRps: number;
}

export interface CaseResult extends LoadResult {
  name: string;
  budget: Budget | null;
  pass: boolean | null;
}

export function judge(name: string, result: LoadResult, budget: Budget | null): CaseResult {
  const pass = budget
    ? result.errors === 0 && result.p99 <= budget.p99Ms && result.rps >= budget.minRps
    : null;
  return { ...result, name, budget, pass };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A plain-text table: case, req/s, p50, p99, budget, verdict. */
export function formatTable(results: CaseResult[]): string {
  const rows = [
    ['case', 'req/s', 'p50', 'p90', 'p99', 'errors', 'budget', 'result'],
    ...results.map((r) => [
      r.name,
      Math.round(r.rps).toLocaleString('en'),
      ms(r.p50),
      ms(r.p90),
      ms(r.p99),
      String(r.errors),
      r.budget ? `p99 ≤ ${r.budget.p99Ms} ms, ≥ ${r.budget.minRps.toLocaleString('en')} req/s` : '—',
      r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 || column >= 6 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
