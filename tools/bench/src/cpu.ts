import fs from 'node:fs/promises';

/** Linux clock ticks per second, as /proc reports utime and stime. */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) each process has used so far, in ms; gone processes are left out. */
export async function cpuByPid(pids: number[]): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
  }
  return used;
}

/** CPU spent between two samples; a process that appeared meanwhile counts from zero. */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
