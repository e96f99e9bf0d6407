import { FetchSource, findTile, PMTiles, type Header, type RangeResponse, type Source } from 'pmtiles';
import type { Bbox } from '@nomadas/shared';
import { archiveUrl } from './savedSource';
import { countTiles, mergeRanges, tilesCovering, totalBytes, type ByteRange } from './tiles';

/** Past this many tiles a region is refused before it is listed: a smaller region, or less detail. */
export const MAX_REGION_TILES = 250_000;

/** The archive's zooms, which the panel offers as detail levels. */
export async function archiveZooms(url: string): Promise<{ minZoom: number; maxZoom: number }> {
  const { minZoom, maxZoom } = await new PMTiles(new FetchSource(archiveUrl(url))).getHeader();
  return { minZoom, maxZoom };
}

/** What saving a region means: the bytes already read (header, directories) and the tile ranges to fetch. */
export interface RegionPlan {
  archive: string;
  head: ArrayBuffer;
  /** The directories read to find the tiles, as read. */
  directories: Array<ByteRange & { data: ArrayBuffer }>;
  /** The tiles' bytes, merged into few ranges. */
  tiles: ByteRange[];
  tileCount: number;
  /** Everything the region takes once saved. */
  bytes: number;
}

/** A source that keeps what it reads, so the directories read to plan are saved without reading them again. */
class RecordingSource implements Source {
  readonly reads: Array<ByteRange & { data: ArrayBuffer }> = [];
  private readonly network: FetchSource;
  constructor(private readonly url: string) {
    this.network = new FetchSource(url);
  }
  getKey = () => this.url;
  async getBytes(
    offset: number,
    length: number,
    signal?: AbortSignal,
    etag?: string,
  ): Promise<RangeResponse> {
    const answer = await this.network.getBytes(offset, length, signal, etag);
    this.reads.push({ offset, length: answer.data.byteLength, data: answer.data });
    return answer;
  }
}

/**
 * Finds the byte range of each tile covering the box at the archive's zooms up to maxZoom, walking its
 * directories as pmtiles does for one tile (root, then leaves). Only directories are read; absent tiles are skipped.
 */
export async function planRegion(url: string, box: Bbox, maxZoom: number): Promise<RegionPlan | 'tooLarge'> {
  const archive = archiveUrl(url);
  const source = new RecordingSource(archive);
  const tiles = new PMTiles(source);
  const header = await tiles.getHeader();
  const top = Math.min(maxZoom, header.maxZoom);
  const area = clip(box, header);
  if (!area) return emptyPlan(archive, source);
  if (countTiles(area, header.minZoom, top) > MAX_REGION_TILES) return 'tooLarge';

  const ranges: ByteRange[] = [];
  for (const tileId of tilesCovering(area, header.minZoom, top)) {
    let dirOffset = header.rootDirectoryOffset;
    let dirLength = header.rootDirectoryLength;
    for (let depth = 0; depth <= 3; depth++) {
      const directory = await tiles.cache.getDirectory(tiles.source, dirOffset, dirLength, header);
      const entry = findTile(directory, tileId);
      if (!entry) break;
      if (entry.runLength > 0) {
        ranges.push({ offset: header.tileDataOffset + entry.offset, length: entry.length });
        break;
      }
      dirOffset = header.leafDirectoryOffset + entry.offset;
      dirLength = entry.length;
    }
  }
  const merged = mergeRanges(ranges);
  const [head, ...read] = source.reads;
  // pmtiles keeps a hundred directories in memory: a larger region reads some twice.
  const directories = [...new Map(read.map((part) => [part.offset, part])).values()];
  return {
    archive,
    head: head!.data,
    directories,
    tiles: merged,
    tileCount: ranges.length,
    bytes: head!.data.byteLength + totalBytes(directories) + totalBytes(merged),
  };
}

function emptyPlan(archive: string, source: RecordingSource): RegionPlan {
  const head = source.reads[0]!.data;
  return { archive, head, directories: [], tiles: [], tileCount: 0, bytes: head.byteLength };
}

/** The box within the archive's bounds, or null when they do not meet. */
function clip(box: Bbox, header: Header): Bbox | null {
  const west = Math.max(box[0], header.minLon);
  const south = Math.max(box[1], header.minLat);
  const east = Math.min(box[2], header.maxLon);
  const north = Math.min(box[3], header.maxLat);
  return west < east && south < north ? [west, south, east, north] : null;
}
