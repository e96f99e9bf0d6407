import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as the stand-in push service received it: decrypted, its VAPID token checked. */
export interface ReceivedPush {
  /** The payload, decrypted with the browser's keys (RFC 8291, aes128gcm) and parsed. */
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims (RFC 8292), its ES256 signature verified against `k`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k` of the Authorization header: the server's public key. */
  publicKey: string;
}

/** A browser's side of a subscription: its keys, and what its endpoint at the stand-in received. */
export interface TestBrowser {
  endpoint: string;
  /** What PushSubscription.toJSON() gives, for POST /api/push/subscribe. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** The first push this browser receives (or received already) that no earlier call took. */
  next(timeoutMs?: number): Promise<ReceivedPush>;
  /** What the stand-in answers this browser's pushes with: 201, or 410 when the browser dropped it. */
  status: number;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer | string, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from(info), length));

/** RFC 8188 aes128gcm with RFC 8291's key derivation, written from the RFCs (not with web-push's own code). */
function decryptPush(body: Buffer, browser: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const browserKey = browser.getPublicKey();
  const ikm = hkdf(
    authSecret,
    browser.computeSecret(serverKey),
    Buffer.concat([Buffer.from('WebPush: info\0'), browserKey, serverKey]),
    32,
  );
  const key = hkdf(salt, ikm, 'Content-Encoding: aes128gcm\0', 16);
  const nonce = hkdf(salt, ikm, 'Content-Encoding: nonce\0', 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** `vapid t=<jwt>, k=<key>`: the claims, once the signature checks out with k. */
function readVapid(authorization: string | undefined): { claims: ReceivedPush['claims']; publicKey: string } {
  const match = /^vapid t=([^,]+),\s*k=(\S+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  return { claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')), publicKey };
}

/**
 * A push service on loopback, standing in for FCM or Mozilla's (none is reachable here): each browser made by
 * `browser()` has an endpoint on it and a P-256 key pair and auth secret of its own, as a real browser does.
 */
export async function startPushService() {
  const browsers = new Map<
    string,
    TestBrowser & { ecdh: crypto.ECDH; auth: Buffer; waiters: Array<() => void> }
  >();
  const failures: Error[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const browser = browsers.get(request.url ?? '');
      if (!browser || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const plain = decryptPush(Buffer.concat(chunks), browser.ecdh, browser.auth);
        browser.received.push({
          payload: JSON.parse(plain.toString('utf8')),
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          ...readVapid(request.headers.authorization),
        });
        for (const wake of browser.waiters.splice(0)) wake();
        response.writeHead(browser.status).end();
      } catch (error) {
        failures.push(error as Error);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let made = 0;

  return {
    origin,
    /** Requests that failed to decrypt or to verify: a test expects none. */
    failures,
    /** A new browser: its endpoint at this service, and its keys. */
    browser(): TestBrowser {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const path = `/push/${++made}-${crypto.randomBytes(6).toString('hex')}`;
      const endpoint = `${origin}${path}`;
      let taken = 0;
      const browser = {
        endpoint,
        subscription: { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        received: [] as ReceivedPush[],
        status: 201,
        ecdh,
        auth,
        waiters: [] as Array<() => void>,
        async next(timeoutMs = 5_000): Promise<ReceivedPush> {
          if (browser.received.length <= taken) {
            await new Promise<void>((resolve, reject) => {
              const timer = setTimeout(
                () => reject(new Error(`no push at ${endpoint} in ${timeoutMs} ms`)),
                timeoutMs,
              );
              browser.waiters.push(() => (clearTimeout(timer), resolve()));
            });
          }
          return browser.received[taken++]!;
        },
      };
      browsers.set(path, browser);
      return browser;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
