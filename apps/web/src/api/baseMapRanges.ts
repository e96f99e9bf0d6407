/**
 * One range of the base map's archive (#31), for saving a region offline (map/baseRegions): the bytes
 * [offset, offset + length), from the app's own archive or an operator's extract on another host.
 */
export async function fetchArchiveRange(
  url: string,
  { offset, length }: { offset: number; length: number },
  signal: AbortSignal,
): Promise<ArrayBuffer> {
  const answer = await fetch(url, { headers: { Range: `bytes=${offset}-${offset + length - 1}` }, signal });
  if (answer.status !== 206 && answer.status !== 200) throw new Error(`base map range: ${answer.status}`);
  const data = await answer.arrayBuffer();
  // A server that ignores ranges answers the whole archive.
  const bytes = answer.status === 200 ? data.slice(offset, offset + length) : data;
  if (bytes.byteLength !== length) throw new Error('base map range: short answer');
  return bytes;
}
