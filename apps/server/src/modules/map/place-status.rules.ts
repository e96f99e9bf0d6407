import {
  OCCUPANCY_MIN_WEIGHT,
  type MapService,
  type OccupancyState,
  type ServiceReport,
  type ServiceState,
} from '@nomadas/shared';
import type { ServiceStatus } from '@nomadas/shared/answers';

/** A fresh report as the rules read it: one per user and topic (the table's key). */
export interface FreshReport {
  user_id: string;
  topic: string;
  state: string | null;
  weight: number;
  reported_at: Date;
}

const newest = (reports: FreshReport[]) =>
  reports.reduce<Date | null>((at, r) => (at === null || r.reported_at > at ? r.reported_at : at), null);

/**
 * Each service the place has, as its fresh reports tell it: all agree (works or not), they disagree (both
 * counts shown, never averaged), or none is fresh ('sin_confirmar').
 */
export function serviceStatuses(
  services: readonly MapService[],
  fresh: FreshReport[],
  viewerId: string | null,
): ServiceStatus[] {
  return services.map((service) => {
    const reports = fresh.filter((r) => r.topic === service);
    const works = reports.filter((r) => r.state === 'funciona').length;
    const broken = reports.length - works;
    const state: ServiceState =
      works > 0 && broken > 0
        ? 'distintas'
        : works > 0
          ? 'funciona'
          : broken > 0
            ? 'no_funciona'
            : 'sin_confirmar';
    const at = newest(reports);
    const mine = reports.find((r) => r.user_id === viewerId)?.state ?? null;
    return { service, state, works, broken, at: at && at.toISOString(), mine: mine as ServiceReport | null };
  });
}

/**
 * "¿Hay sitio?" now, from the fresh 'sitio' reports: of the states whose reports weigh OCCUPANCY_MIN_WEIGHT
 * together (one established account, or four a day old, as post reports weigh), the one said last.
 */
export function currentOccupancy(
  fresh: FreshReport[],
): { state: OccupancyState; at: Date; reports: number } | null {
  const byState = new Map<string, { weight: number; at: Date; reports: number }>();
  for (const r of fresh) {
    if (r.topic !== 'sitio' || r.state === null) continue;
    const sum = byState.get(r.state);
    if (!sum) byState.set(r.state, { weight: r.weight, at: r.reported_at, reports: 1 });
    else {
      sum.weight += r.weight;
      sum.reports += 1;
      if (r.reported_at > sum.at) sum.at = r.reported_at;
    }
  }
  let current: { state: OccupancyState; at: Date; reports: number } | null = null;
  for (const [state, sum] of byState) {
    // A little below, so that four quarters make one whatever the floats say.
    if (sum.weight < OCCUPANCY_MIN_WEIGHT - 1e-9) continue;
    if (!current || sum.at > current.at)
      current = { state: state as OccupancyState, at: sum.at, reports: sum.reports };
  }
  return current;
}
