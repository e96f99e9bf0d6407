import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Bbox } from '@nomadas/shared';
import { cutFromPieces, type ByteRange } from './tiles';

/** A region of a PMTiles archive saved for use offline (#31): what it is and how much of it is kept. */
export interface SavedRegion {
  id: string;
  /** The archive's URL, as the map reads it. */
  archive: string;
  name: string;
  box: Bbox;
  maxZoom: number;
  /** Its size once saved: header, directories and tiles. */
  bytes: number;
  /** How much is kept so far; equal to `bytes` once complete. */
  saved: number;
  complete: boolean;
  createdAt: number;
  /** The archive's first bytes as read: its header and root directory. */
  head: ArrayBuffer;
}

/** Pieces are stored at most this long, so a tile's read loads little, and a lookup knows how far back to look. */
export const PIECE_BYTES = 256 * 1024;

interface RegionsDb extends DBSchema {
  regions: { key: string; value: SavedRegion };
  /** The archive's bytes from `offset`, keyed [region id, offset]. */
  pieces: { key: [string, number]; value: ArrayBuffer };
}

// Its own database: the places' (nomadas-places) is emptied on logout, the base map is nobody's in particular.
const DB_NAME = 'nomadas-base-regions';
let db: Promise<IDBPDatabase<RegionsDb>> | null = null;
const open = () =>
  (db ??= openDB<RegionsDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('regions', { keyPath: 'id' });
      database.createObjectStore('pieces');
    },
  }));

// The map reads the list at each tile: kept in memory, read again after a change in this page.
let listed: Promise<SavedRegion[]> | null = null;
export const listRegions = (): Promise<SavedRegion[]> => (listed ??= open().then((d) => d.getAll('regions')));

export async function putRegion(region: SavedRegion): Promise<void> {
  await (await open()).put('regions', region);
  listed = null;
}

/** Stores a fetched range, cut into pieces. */
export async function putBytes(regionId: string, offset: number, data: ArrayBuffer): Promise<void> {
  const tx = (await open()).transaction('pieces', 'readwrite');
  for (let start = 0; start < data.byteLength; start += PIECE_BYTES)
    void tx.store.put(data.slice(start, start + PIECE_BYTES), [regionId, offset + start]);
  await tx.done;
}

export async function deleteRegion(id: string): Promise<void> {
  const tx = (await open()).transaction(['regions', 'pieces'], 'readwrite');
  void tx.objectStore('regions').delete(id);
  void tx.objectStore('pieces').delete(IDBKeyRange.bound([id, -Infinity], [id, Infinity]));
  await tx.done;
  listed = null;
}

export async function deleteAllRegions(): Promise<void> {
  const tx = (await open()).transaction(['regions', 'pieces'], 'readwrite');
  void tx.objectStore('regions').clear();
  void tx.objectStore('pieces').clear();
  await tx.done;
  listed = null;
}

/** What the saved regions take on the device. */
export async function savedRegionsBytes(): Promise<number> {
  return (await listRegions()).reduce((sum, region) => sum + region.saved, 0);
}

/** The bytes [offset, offset + length) of the archive from one region that holds them all, or null. */
export async function readSavedBytes(
  archive: string,
  { offset, length }: ByteRange,
): Promise<ArrayBuffer | null> {
  const regions = (await listRegions()).filter((region) => region.archive === archive);
  // The archive's first read (header and root directory) is kept whole, as the network answered it.
  if (offset === 0) return regions[0]?.head.slice(0, length) ?? null;
  const database = await open();
  for (const region of regions) {
    const range = IDBKeyRange.bound(
      [region.id, offset - PIECE_BYTES + 1],
      [region.id, offset + length],
      false,
      true,
    );
    const { store } = database.transaction('pieces');
    const [keys, values] = await Promise.all([store.getAllKeys(range), store.getAll(range)]);
    const found = cutFromPieces(
      keys.map((key, n) => ({ offset: key[1], data: values[n]! })),
      { offset, length },
    );
    if (found) return found;
  }
  return null;
}
