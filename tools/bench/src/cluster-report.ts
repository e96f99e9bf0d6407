import type { LatencyResult } from './chat-clients.js';
import type { ChatAcross } from './cluster-chat.js';
import type { KillResult } from './cluster-kill.js';
import { formatColumns, formatTable, ms, type CaseResult } from './report.js';

/** A case, with the CPU per request of each group of processes serving it (app, balancer, bucket, database). */
export type Measured = CaseResult & { cpuByGroup?: Record<string, number> };

/** One instance straight: its two cases and its memory before and after them. */
export interface AloneCases {
  wall: Measured;
  upload: Measured;
  rssIdle: number;
  rssLoaded: number;
  /** The same loads through HAProxy, its three servers all this one instance. */
  behind?: { wall: Measured; upload: Measured } | undefined;
}

export interface ClusterReport {
  /** Every load case, the bare route first. */
  results: Measured[];
  /** As a single-instance operator runs it: media on its disk, no Redis. */
  one: AloneCases;
  /** The same instance on the stores the three share (Redis, the bucket), without the balancer. */
  stores: AloneCases;
  three: { wall: Measured; upload: Measured };
  chat: ChatAcross;
  kill: KillResult;
}

/** DESIGN.md §5 and issue #30. */
export const CLUSTER_GOALS = { costShare: 0.15, failedShare: 0.001, errorsForMs: 5_000, chatP99Ms: 25 };

const percent = (share: number, digits = 0) => `${(share * 100).toFixed(digits)} %`;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`;
const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
/** The load generator's own event loop delay while it measured a chat case (chat-clients.ts). */
const generatorLate = (r: LatencyResult) =>
  `; generator's loop late p99 ${ms(r.loopDelayP99)}, max ${ms(r.loopDelayMax)}`;

/** The load cases' table, then each goal with what was measured, then memory. */
export function formatClusterReport(report: ClusterReport): string {
  const { one, stores, three, chat, kill } = report;
  const cost = (single: Measured, cluster: Measured) => 1 - cluster.rps / single.rps;
  const more = (single: number, cluster: number) =>
    `${cluster >= single ? '+' : ''}${percent(cluster / single - 1)}`;
  // All processes, then the instances alone (without the balancer, s3rver and the database's backends).
  const cpuSplit = (single: Measured, cluster: Measured) =>
    `${more(single.cpuMsPerRequest!, cluster.cpuMsPerRequest!)} (instances alone ${more(single.cpuByGroup!.app!, cluster.cpuByGroup!.app!)})`;
  // The balancer and the stores at one instance either way: what they cost without three Node processes
  // sharing two cores (docs/performance.md), by req/s and by CPU per request of every process.
  const equalInstances = (what: string, single: Measured, behind: Measured | undefined) =>
    behind
      ? [
          [
            `${what}: req/s lost, one instance on the stores behind HAProxy vs one straight`,
            percent(cost(single, behind)),
            `≤ ${percent(CLUSTER_GOALS.costShare)}`,
            verdict(cost(single, behind) <= CLUSTER_GOALS.costShare),
          ],
          [
            `${what}: CPU per request, the same`,
            more(single.cpuMsPerRequest!, behind.cpuMsPerRequest!),
            `≤ +${percent(CLUSTER_GOALS.costShare)}`,
            verdict(behind.cpuMsPerRequest! / single.cpuMsPerRequest! - 1 <= CLUSTER_GOALS.costShare),
          ],
        ]
      : [];
  const failedShare = kill.failed / Math.max(1, kill.requests);
  const goals = [
    ['goal', 'measured', 'budget', 'result'],
    [
      'wall: req/s lost, three behind HAProxy vs one straight',
      percent(cost(one.wall, three.wall)),
      `≤ ${percent(CLUSTER_GOALS.costShare)}`,
      verdict(cost(one.wall, three.wall) <= CLUSTER_GOALS.costShare),
    ],
    [
      'wall: of which the stores (one instance on Redis + bucket)',
      percent(cost(one.wall, stores.wall)),
      '—',
      '',
    ],
    ['wall: CPU per request, three vs one', cpuSplit(one.wall, three.wall), '—', ''],
    ...equalInstances('wall', one.wall, stores.behind?.wall),
    [
      'photo upload: req/s lost, three vs one',
      percent(cost(one.upload, three.upload)),
      `≤ ${percent(CLUSTER_GOALS.costShare)}`,
      verdict(cost(one.upload, three.upload) <= CLUSTER_GOALS.costShare),
    ],
    [
      'photo upload: of which the stores (one instance on Redis + bucket)',
      percent(cost(one.upload, stores.upload)),
      '—',
      '',
    ],
    ['photo upload: CPU per request, three vs one', cpuSplit(one.upload, three.upload), '—', ''],
    ...equalInstances('photo upload', one.upload, stores.behind?.upload),
    [
      'kill -9: failed requests',
      `${kill.failed} of ${kill.requests} (${percent(failedShare, 2)})`,
      `≤ ${percent(CLUSTER_GOALS.failedShare, 1)}`,
      verdict(failedShare <= CLUSTER_GOALS.failedShare),
    ],
    [
      'kill -9: errors stopped after',
      `${(kill.errorsForMs / 1000).toFixed(1)} s`,
      `≤ ${CLUSTER_GOALS.errorsForMs / 1000} s`,
      verdict(kill.errorsForMs <= CLUSTER_GOALS.errorsForMs),
    ],
    [
      'kill -9: acknowledged posts missing from the database',
      `${kill.missing} of ${kill.acknowledged} (${kill.duplicates} stored twice)`,
      '0',
      verdict(kill.missing === 0),
    ],
    [
      'kill -9: their photos served by the balancer afterwards',
      `${kill.photosServed} of ${kill.acknowledged}`,
      'all',
      verdict(kill.photosServed === kill.acknowledged),
    ],
    ['kill -9: the balancer afterwards', kill.balancerAfter, '—', ''],
    [
      `chat, bare ws relay, ${chat.wanted} sockets (floor): p99`,
      `${ms(chat.bare.p99)} (p50 ${ms(chat.bare.p50)}, ${chat.bare.delivered} of ${chat.bare.sent} delivered${generatorLate(chat.bare)})`,
      '—',
      '',
    ],
    [
      `chat across three via Redis, ${chat.sockets} sockets: p99`,
      `${ms(chat.result.p99)} (p50 ${ms(chat.result.p50)}, ${chat.result.delivered} of ${chat.result.sent} delivered${generatorLate(chat.result)})`,
      `≤ ${CLUSTER_GOALS.chatP99Ms} ms, ${chat.wanted} sockets`,
      verdict(
        chat.result.p99 <= CLUSTER_GOALS.chatP99Ms &&
          chat.result.delivered >= chat.result.sent &&
          chat.sockets >= chat.wanted,
      ),
    ],
  ];
  const socketGrowth = chat.rssWithSockets.reduce((sum, rss, i) => sum + rss - chat.rssIdle[i]!, 0);
  const memory = [
    `one instance: RSS ${mib(one.rssIdle)} idle, ${mib(one.rssLoaded)} after its loads; on Redis + bucket ${mib(stores.rssIdle)}, ${mib(stores.rssLoaded)}`,
    `three instances: RSS ${chat.rssIdle.map(mib).join(' / ')} after their loads, ${chat.rssWithSockets.map(mib).join(' / ')} with ${chat.spread.join(' / ')} sockets, opened in ${chat.openSeconds.toFixed(0)} s (${(socketGrowth / Math.max(1, chat.sockets) / 1024).toFixed(1)} KiB per socket)`,
  ];
  const cpu = report.results
    .filter((r) => r.cpuByGroup)
    .map(
      (r) =>
        `${r.name}: ${Object.entries(r.cpuByGroup!)
          .map(([group, cpuMs]) => `${group} ${cpuMs.toFixed(2)}`)
          .join(', ')} ms CPU/req`,
    );
  if (chat.refusal) memory.push(`first socket refused: ${chat.refusal}`);
  return [
    formatTable(report.results),
    '',
    formatColumns(goals, { leftFrom: 2, rule: true }),
    '',
    ...cpu,
    '',
    ...memory,
  ].join('\n');
}
