import { useEffect, useRef, useState } from 'react';
import { releaseProxy, wrap, type Remote } from 'comlink';
import { useFirstScreenPainted } from '../../app/idle';
import type { Bbox } from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/schemas';
import type { ClusterIndex, MapFeature } from './clusterIndex';

/** The clusters of one set of points: a new object each time the points change. */
export interface Clusters {
  inView(box: Bbox, zoom: number): Promise<MapFeature[]>;
  expansionZoom(clusterId: number): Promise<number>;
}

/**
 * `points` clustered in a worker of the screen's own, started once the first screen has painted (its
 * script is not fetched while the map's own files and first tiles are). Null until the first points are
 * indexed; afterwards the previous clusters stay until the next are.
 */
export function useClusters(points: readonly MapPoint[] | undefined): Clusters | null {
  const worker = useRef<Remote<ClusterIndex> | null>(null);
  const [clusters, setClusters] = useState<Clusters | null>(null);
  const painted = useFirstScreenPainted();

  // Declared first, so it has run when the points' effect runs.
  useEffect(() => {
    if (!painted) return;
    const started = new Worker(new URL('./clusters.worker.ts', import.meta.url));
    const remote = wrap<ClusterIndex>(started);
    worker.current = remote;
    return () => {
      worker.current = null;
      remote[releaseProxy]();
      started.terminate();
    };
  }, [painted]);

  useEffect(() => {
    const index = worker.current;
    if (!index || !points) return;
    let current = true;
    void index.load(points).then(() => {
      if (current)
        setClusters({
          inView: (box, zoom) => index.inView(box, zoom),
          expansionZoom: (clusterId) => index.expansionZoom(clusterId),
        });
    });
    return () => {
      current = false;
    };
  }, [points, painted]);

  return clusters;
}
