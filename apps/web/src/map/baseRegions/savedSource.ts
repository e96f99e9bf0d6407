import { FetchSource, type RangeResponse, type Source } from 'pmtiles';
import { readSavedBytes } from './regionsDb';

/**
 * The base map's archive read from the regions saved on this device first (header, directories, tiles), and from
 * the network for what they do not hold: offline, the saved regions draw and the rest of the map stays empty.
 */
export class SavedRegionsSource implements Source {
  private readonly network: FetchSource;

  private readonly url: string;

  constructor(url: string) {
    this.url = archiveUrl(url);
    this.network = new FetchSource(this.url);
  }

  getKey(): string {
    return this.url;
  }

  async getBytes(
    offset: number,
    length: number,
    signal?: AbortSignal,
    etag?: string,
  ): Promise<RangeResponse> {
    const saved = await readSavedBytes(this.url, { offset, length }).catch(() => null);
    if (saved) return { data: saved };
    return this.network.getBytes(offset, length, signal, etag);
  }
}

/** The archive's absolute URL: the key its saved regions are kept under. */
export const archiveUrl = (url: string) => new URL(url, location.href).href;
