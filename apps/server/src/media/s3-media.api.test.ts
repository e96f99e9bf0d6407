import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createPost, fetchMedia, listMediaFiles, makePhoto } from '../test/posts-factory.js';
import { startS3Server, type TestS3 } from '../test/s3-server.js';
import { readZip } from '../test/zip.js';
import { IMAGE_VARIANTS, imageKeys } from './images.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const CDN = 'https://cdn.nomadas.test/media';

let s3: TestS3;
let t: TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestServer(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const send = async (url: string, init: RequestInit = {}) => {
  const response = await fetch(`${t.baseUrl}${url}`, init);
  return { response, body: Buffer.from(await response.arrayBuffer()) };
};

/** A video-like file in the bucket, through the app's store: its key and bytes. */
async function storedVideo(size: number) {
  const name = crypto.randomBytes(16).toString('hex');
  const key = `videos/${name.slice(0, 2)}/${name}.mp4`;
  const bytes = crypto.randomBytes(size);
  await t.ctx.media.put(key, bytes);
  return { key, bytes };
}

describe('media in an S3-compatible bucket', () => {
  it('stores a posted photo in the bucket, nothing on disk, and serves it at its /media/ URL for good', async () => {
    const author = await t.createSession();
    const post = await createPost(t, author);
    expect(post.thumbSmall).toMatch(/^\/media\/posts\//);
    for (const key of imageKeys(t.ctx.media.keyOf(post.media)!.replace(IMAGE_VARIANTS.display, '')))
      expect(await s3.readObject(key)).not.toBeNull();
    expect(await listMediaFiles(t)).toEqual([]);

    const stored = (await s3.readObject(t.ctx.media.keyOf(post.mediaJpeg)!))!;
    const { response, body } = await send(post.mediaJpeg);
    expect(response.status).toBe(200);
    expect(body.equals(stored)).toBe(true);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(stored.length));
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(response.headers.get('last-modified')).toBeTruthy();
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);

    const head = await send(post.mediaJpeg, { method: 'HEAD' });
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-length')).toBe(String(stored.length));
    expect(head.body.length).toBe(0);
    const again = await send(post.mediaJpeg, { headers: { 'if-none-match': etag } });
    expect(again.response.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers a range of a video with 206 and its bytes, a range past the end with 416', async () => {
    const { key, bytes } = await storedVideo(100_000);
    const url = t.ctx.media.urlFor(key);
    const ranged = async (range: string) => send(url, { headers: { range } });

    const middle = await ranged('bytes=1000-1999');
    expect(middle.response.status).toBe(206);
    expect(middle.response.headers.get('content-range')).toBe('bytes 1000-1999/100000');
    expect(middle.response.headers.get('content-length')).toBe('1000');
    expect(middle.response.headers.get('content-type')).toBe('video/mp4');
    expect(middle.response.headers.get('accept-ranges')).toBe('bytes');
    expect(middle.response.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(middle.body.equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await ranged('bytes=99000-');
    expect(tail.response.status).toBe(206);
    expect(tail.response.headers.get('content-range')).toBe('bytes 99000-99999/100000');
    expect(tail.body.equals(bytes.subarray(99_000))).toBe(true);

    const head = await send(url, { method: 'HEAD', headers: { range: 'bytes=0-1' } });
    expect(head.response.status).toBe(206);
    expect(head.response.headers.get('content-range')).toBe('bytes 0-1/100000');

    const past = await ranged('bytes=200000-');
    expect(past.response.status).toBe(416);
    expect(past.response.headers.get('content-range')).toBe('bytes */100000');

    // Several ranges, or one written backwards, are not taken: the whole file, as from disk.
    for (const range of ['bytes=0-1,5-6', 'bytes=50-10', 'items=0-1']) {
      const whole = await ranged(range);
      expect(whole.response.status).toBe(200);
      expect(whole.body.equals(bytes)).toBe(true);
    }
  });

  it('answers a missing file, and a stored file it never serves, as the disk store does', async () => {
    const disk = await startTestServer();
    try {
      for (const store of [disk.ctx.media, t.ctx.media])
        await store.put('originals/abc123', Buffer.from('original'));
      const missing = `/media/posts/ab/${'ab'.repeat(16)}-thumb-240.webp`;
      for (const url of [missing, '/media/originals/abc123', '/media/posts/%2e%2e/originals/abc123']) {
        const [fromDisk, fromBucket] = [await fetchMedia(disk, url), await fetchMedia(t, url)];
        expect(fromBucket.status).toBe(404);
        expect(fromBucket.headers.get('content-type')).toBe(fromDisk.headers.get('content-type'));
        expect(fromBucket.body.toString()).toBe(fromDisk.body.toString());
      }
    } finally {
      await disk.close();
    }
  });

  it("removes a deleted account's files from the bucket, and nobody else's", async () => {
    const me = await t.createSession();
    const other = await t.createSession();
    const form = new FormData();
    form.append('imgperfil', new Blob([new Uint8Array(await makePhoto())]), 'yo.jpg');
    const { i: avatarUrl } = (await t.post('/api/perfil', { token: me.token, form })).body.data;
    const mine = await createPost(t, me);
    const theirs = await createPost(t, other);
    const stem = (post: { media: string }) =>
      t.ctx.media.keyOf(post.media)!.replace(IMAGE_VARIANTS.display, '');
    const myKeys = [t.ctx.media.keyOf(avatarUrl)!, ...imageKeys(stem(mine))];
    const before = await s3.listKeys();
    for (const key of myKeys) expect(before).toContain(key);

    const answer = await t.post('/api/perfil/delete', { token: me.token, body: { password: me.password } });
    expect(answer.body).toEqual({ state: 'OK', msg: MSG.accountDeleted });
    const after = await s3.listKeys();
    expect(after).toEqual(before.filter((key) => !myKeys.includes(key)));
    for (const key of imageKeys(stem(theirs))) expect(after).toContain(key);
  });

  it('puts the photos read from the bucket in the data export', async () => {
    const me = await t.createSession();
    const post = await createPost(t, me);
    const link = await t.post('/api/perfil/export', { token: me.token, body: { password: me.password } });
    const zip = await send(link.body.data.url as string);
    expect(zip.response.status).toBe(200);
    const photo = readZip(zip.body).get(`media/posts/${post.url}.jpg`);
    expect(photo).toBeDefined();
    expect(photo!.equals((await s3.readObject(t.ctx.media.keyOf(post.mediaJpeg)!))!)).toBe(true);
  });
});

describe('media in a bucket behind a CDN (MEDIA_PUBLIC_URL)', () => {
  let cdn: TestServer;
  beforeAll(async () => {
    cdn = await startTestServer({ ...s3.env, MEDIA_PUBLIC_URL: `${CDN}/` });
  });
  afterAll(() => cdn?.close());

  it("gives the post's photo URLs on the CDN, where the bucket's keys are, and still serves /media/", async () => {
    const author = await cdn.createSession();
    const post = await createPost(cdn, author);
    for (const url of [post.media, post.mediaJpeg, post.thumb, post.thumbSmall, post.thumbJpeg]) {
      expect(url.startsWith(`${CDN}/posts/`)).toBe(true);
      expect(await s3.readObject(url.slice(CDN.length + 1))).not.toBeNull();
    }
    // A URL stored before the CDN (a profile picture's) still reads.
    const answer = await fetchMedia(cdn, `/media/${cdn.ctx.media.keyOf(post.thumb)!}`);
    expect(answer.status).toBe(200);
  });

  it("names the CDN's origin in the pages' CSP for images and media, and no other", async () => {
    const page = await fetch(`${cdn.baseUrl}/`);
    const policy = page.headers.get('content-security-policy')!;
    const directive = (name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `))!;
    expect(directive('img-src')).toContain('https://cdn.nomadas.test');
    expect(directive('media-src')).toContain('https://cdn.nomadas.test');
    expect(directive('script-src')).not.toContain('cdn.nomadas.test');
    const withoutCdn = (await fetch(`${t.baseUrl}/`)).headers.get('content-security-policy')!;
    expect(withoutCdn).not.toContain('cdn.nomadas.test');
  });
});
