import net from 'node:net';

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/**
 * Whether the server will post pushes to this endpoint. Push services are https on a named host (FCM, Mozilla,
 * Apple, Microsoft): an address literal, a name for this machine or credentials in the URL are refused, so a
 * subscription cannot point the server's posts at its own network. `loopback` (tests, PUSH_LOOPBACK_ENDPOINTS)
 * lets a stand-in push service on this machine through, over http too.
 */
export function isAcceptedEndpoint(endpoint: string, loopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (loopback && isLoopback(url.hostname)) return url.protocol === 'https:' || url.protocol === 'http:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return (
    url.protocol === 'https:' &&
    net.isIP(hostname) === 0 &&
    hostname.includes('.') &&
    !hostname.endsWith('.localhost') &&
    hostname !== 'localhost'
  );
}
