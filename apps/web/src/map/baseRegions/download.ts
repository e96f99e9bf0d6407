import type { Bbox } from '@nomadas/shared';
import { fetchArchiveRange } from '../../api/baseMapRanges';
import type { RegionPlan } from './plan';
import { deleteRegion, putBytes, putRegion, type SavedRegion } from './regionsDb';
import { splitRange } from './tiles';

/** Ranges fetched at once: enough to keep the line busy, few enough to show progress and stop soon. */
const PARALLEL = 3;
/** A merged range is fetched in parts of at most this size, so progress moves and a cancel stops soon. */
const REQUEST_BYTES = 2 * 1024 * 1024;

export interface RegionDownload {
  name: string;
  box: Bbox;
  maxZoom: number;
  plan: RegionPlan;
  onProgress(saved: number): void;
  signal: AbortSignal;
}

/**
 * Saves a region: its header and directories (read while planning) at once, then its tiles' ranges fetched
 * and stored as they arrive, the region marked complete at the end. A cancel or a failure deletes what was kept.
 */
export async function saveRegion({
  name,
  box,
  maxZoom,
  plan,
  onProgress,
  signal,
}: RegionDownload): Promise<SavedRegion> {
  const region: SavedRegion = {
    id: crypto.randomUUID(),
    archive: plan.archive,
    name,
    box,
    maxZoom,
    bytes: plan.bytes,
    saved: plan.head.byteLength,
    complete: false,
    createdAt: Date.now(),
    head: plan.head,
  };
  try {
    for (const directory of plan.directories) {
      await putBytes(region.id, directory.offset, directory.data);
      region.saved += directory.data.byteLength;
    }
    await putRegion(region);
    onProgress(region.saved);
    const queue = plan.tiles.flatMap((range) => splitRange(range, REQUEST_BYTES));
    const worker = async () => {
      for (let range = queue.shift(); range; range = queue.shift()) {
        const data = await fetchArchiveRange(plan.archive, range, signal);
        await putBytes(region.id, range.offset, data);
        region.saved += data.byteLength;
        onProgress(region.saved);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    region.complete = true;
    await putRegion(region);
    return region;
  } catch (error) {
    await deleteRegion(region.id);
    throw error;
  }
}
