import Supercluster, { type ClusterFeature, type ClusterProperties, type PointFeature } from 'supercluster';
import type { Bbox } from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/schemas';

export type MapFeature = ClusterFeature<ClusterProperties> | PointFeature<MapPoint>;

/**
 * The points of the view clustered: only what falls in a box reaches the page. Extent 256 matches Leaflet's
 * 256 px tiles, so the radius is in screen pixels. It runs in a worker (clusters.worker.ts): on a phone,
 * indexing a view's few hundred places was the longest task of the map's first screen.
 */
export function createClusterIndex() {
  let index = new Supercluster<MapPoint>();
  return {
    load(points: readonly MapPoint[]): void {
      index = new Supercluster<MapPoint>({ radius: 56, extent: 256, maxZoom: 16 });
      index.load(
        points.map((point) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [point.lng, point.lat] },
          properties: point,
        })),
      );
    },
    inView(box: Bbox, zoom: number): MapFeature[] {
      return index.getClusters(box, zoom);
    },
    expansionZoom(clusterId: number): number {
      return index.getClusterExpansionZoom(clusterId);
    },
  };
}

export type ClusterIndex = ReturnType<typeof createClusterIndex>;
