import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaStore } from '../media/media-store.js';

/*
 * During a rolling deploy two web builds answer behind one balancer, and a tab loaded from either asks any
 * instance for its hashed chunks. Each instance copies its build's assets into the media store, which every
 * instance shares, before it takes traffic, and serves a chunk it does not have from there: old tabs and new
 * ones find theirs wherever the balancer sends them, and a restart onto a new build on one machine keeps
 * serving the old build's chunks too.
 */

const PREFIX = 'web-assets/';
/** The build's files only: the precompressed copies are the server's to make, source maps stay private. */
const PUBLISHED = (name: string) => !/\.(br|gz|map)$/.test(name);
/** Asset names as Vite writes them (`ChatPanel-Csa56e4m.js`); anything else is not looked up. */
export const ASSET_PATH =
  /^\/assets\/([\w-]+(?:\.[\w-]+)*\.(?:js|css|woff2?|svg|png|webp|avif|jpg|json|wasm))$/;

const TYPES: Readonly<Record<string, string>> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  woff: 'font/woff',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};
export const assetType = (name: string) => TYPES[name.slice(name.lastIndexOf('.') + 1)]!;

// Asset names mix cases, store keys are lowercase: the name in hexadecimal keeps them apart.
const keyOf = (name: string) => `${PREFIX}${Buffer.from(name).toString('hex')}`;

/** Copies the build's assets into the store once per build (a marker names the build by its index.html). */
export async function publishWebAssets(store: MediaStore, distDir: string): Promise<void> {
  const index = await fs.readFile(path.join(distDir, 'index.html')).catch(() => null);
  if (!index) return;
  const marker = `${PREFIX}builds/${crypto.createHash('sha256').update(index).digest('hex').slice(0, 32)}`;
  const published = await store.open(marker);
  if (published) return void published.destroy();
  const assetsDir = path.join(distDir, 'assets');
  const names = (await fs.readdir(assetsDir).catch(() => [])).filter(PUBLISHED);
  const queue = [...names];
  // A few at a time: a bucket takes them in parallel, a disk does not mind.
  const copier = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      await store.put(keyOf(name), await fs.readFile(path.join(assetsDir, name)));
    }
  };
  await Promise.all(Array.from({ length: 8 }, copier));
  await store.put(marker, Buffer.from(names.join('\n')));
}

/** A published asset of any build, or null. */
export const openSharedAsset = (store: MediaStore, name: string): Promise<Readable | null> =>
  store.open(keyOf(name));
