import crypto from 'node:crypto';
import sharp from 'sharp';
import type { BenchRequest } from './request-load.js';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The logged-in wall's first page as the browser asks it, read by one of `tokens` (compressed, as browsers take it). */
export function wallRequests(tokens: string[]): () => BenchRequest {
  return () => ({
    method: 'GET',
    path: '/api/posts?1&n=0&l=12&tag=&cm=1',
    headers: { 'api-token': pick(tokens), ...BROWSER },
  });
}

/**
 * Small photos (480×360 JPEG, a few kB) of as many colours: stored by their content, each upload of another
 * one is a new object in the store, as people's photos are.
 */
export async function benchPhotos(count = 64): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({
        create: {
          width: 480,
          height: 360,
          channels: 3,
          background: { r: (i * 37) % 256, g: (i * 91) % 256, b: i * 4 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

/**
 * POST /api/post/create as the web client sends it (multipart: the `media` file and its `text`), by one of
 * `tokens`; each text is `${marker}${n}`, so the bench can find every post it made afterwards.
 */
export function uploadRequests(tokens: string[], photos: Buffer[], marker: string): () => BenchRequest {
  let n = 0;
  return () => {
    const boundary = `----nomadas${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${marker}${n++}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      'latin1',
    );
    return {
      method: 'POST',
      path: '/api/post/create',
      headers: { 'api-token': pick(tokens), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat([head, pick(photos), Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1')]),
    };
  };
}
