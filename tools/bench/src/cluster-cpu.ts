import { inBatches } from './chat-clients.js';
import { cpuByPid, cpuSpent } from './cpu.js';

/** The processes serving a case, by what they are: app instances, balancer, bucket, database backends. */
export type ServerPids = Partial<Record<'app' | 'balancer' | 'bucket' | 'database', number[]>>;
export type CpuByGroup = Record<string, Map<number, number>>;

/** CPU each process of each group has used so far. */
export async function cpuByGroup(servers: ServerPids): Promise<CpuByGroup> {
  const entries = await Promise.all(
    Object.entries(servers).map(async ([group, pids]) => [group, await cpuByPid(pids)] as const),
  );
  return Object.fromEntries(entries);
}

/** CPU milliseconds per request of each group between two samples. */
export function cpuPerRequest(
  before: CpuByGroup,
  after: CpuByGroup,
  requests: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after).map(([group, used]) => [
      group,
      cpuSpent(before[group] ?? new Map(), used) / Math.max(1, requests),
    ]),
  );
}

/**
 * Each reader's first wall read on each instance, before any case measures: an instance reads a reader's
 * marks (likes, follows) and session once and then remembers them, so a case measures readers who come back,
 * whichever instance the balancer sends them to, rather than a burst of first reads that grows with instances.
 */
export async function primeReaders(ports: number[], tokens: string[]): Promise<void> {
  const reads = ports.flatMap((port) => tokens.map((token) => ({ port, token })));
  await inBatches(reads, 16, async ({ port, token }) => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/posts?1&n=0&l=12&tag=&cm=1`, {
      headers: { 'api-token': token },
    });
    await answer.arrayBuffer();
  });
}
