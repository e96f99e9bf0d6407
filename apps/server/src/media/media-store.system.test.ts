import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, startS3Server, type TestS3 } from '../test/s3-server.js';
import { createDiskMediaStore, type MediaStore } from './media-store.js';
import { createS3MediaStore } from './s3-media-store.js';

let folder: string;
let s3: TestS3;
const closers: Array<() => void> = [];
beforeAll(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-media-contract-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const close of closers) close();
  await s3?.close();
  await fs.rm(folder, { recursive: true, force: true });
});

function bucketStore(publicUrl?: string): MediaStore {
  const store = createS3MediaStore({
    bucket: s3.bucket,
    endpoint: s3.env.MEDIA_S3_ENDPOINT,
    region: 'us-east-1',
    credentials: {
      accessKeyId: s3.env.MEDIA_S3_ACCESS_KEY_ID!,
      secretAccessKey: s3.env.MEDIA_S3_SECRET_ACCESS_KEY!,
    },
    forcePathStyle: true,
    publicUrl,
  });
  closers.push(() => store.close());
  return store;
}

const stores: Array<[string, () => Promise<MediaStore>]> = [
  ['disk', () => createDiskMediaStore(path.join(folder, 'media'))],
  ['S3', async () => bucketStore()],
];

const keyOf = (name: string) =>
  `posts/${crypto.randomBytes(1).toString('hex')}/${name}-${crypto.randomUUID()}.webp`;

async function localFile(bytes: Buffer): Promise<string> {
  const file = path.join(folder, `source-${crypto.randomUUID()}`);
  await fs.writeFile(file, bytes);
  return file;
}

describe.each(stores)('the %s media store', (_name, create) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await create();
  });

  it('stores bytes and answers them, replaces them, and removes them (twice is no error)', async () => {
    const key = keyOf('put');
    await store.put(key, Buffer.from('primera'));
    expect(await readAll((await store.open(key))!)).toEqual(Buffer.from('primera'));
    await store.put(key, Buffer.from('segunda versión'));
    expect(await readAll((await store.open(key))!)).toEqual(Buffer.from('segunda versión'));
    await store.remove(key);
    expect(await store.open(key)).toBeNull();
    await store.remove(key);
  });

  it('takes over a local file, removing its source: a small one and one of several parts', async () => {
    for (const size of [1000, 6 * 1024 * 1024 + 123]) {
      const bytes = crypto.randomBytes(size);
      const source = await localFile(bytes);
      const key = keyOf('video').replace(/\.webp$/, '.mp4');
      await store.putFile(key, source);
      await expect(fs.access(source)).rejects.toMatchObject({ code: 'ENOENT' });
      const stored = await readAll((await store.open(key))!);
      expect(stored.length).toBe(size);
      expect(stored.equals(bytes)).toBe(true);
    }
  });

  it('answers null for a key it does not hold', async () => {
    expect(await store.open(keyOf('missing'))).toBeNull();
  });

  it('refuses keys that could climb out of its folder or bucket prefix, before touching anything', async () => {
    const source = await localFile(Buffer.from('x'));
    for (const key of [
      '../fuera.webp',
      'posts/../../etc/passwd',
      '/absoluta.webp',
      'posts//doble.webp',
      'Mayus.webp',
      '.oculto',
    ]) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe media key/);
      await expect(store.putFile(key, source)).rejects.toThrow(/Unsafe media key/);
      await expect(store.open(key)).rejects.toThrow(/Unsafe media key/);
      await expect(store.remove(key)).rejects.toThrow(/Unsafe media key/);
      expect(() => store.urlFor(key)).toThrow(/Unsafe media key/);
    }
    // A refused putFile leaves its source where it was.
    await fs.access(source);
  });

  it('makes /media/ URLs and reads their keys back, and no other URL', () => {
    const key = keyOf('url');
    expect(store.urlFor(key)).toBe(`/media/${key}`);
    expect(store.keyOf(store.urlFor(key))).toBe(key);
    for (const url of [
      '',
      '/api/posts',
      'https://otro.example/media/a.webp',
      '/media/../secreto.webp',
      '/media//a.webp',
    ])
      expect(store.keyOf(url)).toBeUndefined();
  });
});

describe('the S3 media store with a public URL (a CDN)', () => {
  it('makes URLs on the CDN and reads back the keys of both those and /media/ URLs', () => {
    const store = bucketStore('https://cdn.nomadas.example/media');
    const key = keyOf('cdn');
    expect(store.urlFor(key)).toBe(`https://cdn.nomadas.example/media/${key}`);
    expect(store.keyOf(store.urlFor(key))).toBe(key);
    expect(store.keyOf(`/media/${key}`)).toBe(key);
    expect(store.keyOf(`https://cdn.nomadas.example/otra/${key}`)).toBeUndefined();
    expect(store.keyOf('https://cdn.nomadas.example/media/../x.webp')).toBeUndefined();
  });

  it('stores each file with its type and the immutable cache header, for the bucket or CDN to serve', async () => {
    const store = bucketStore();
    const key = keyOf('headers');
    await store.put(key, Buffer.from('RIFF'));
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    await object.Body!.transformToByteArray();
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe('public, max-age=31536000, immutable');
  });
});
