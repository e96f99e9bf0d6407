import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { builtMain } from './app-process.js';

const webDist = path.resolve(path.dirname(builtMain), '../../web/dist');

/**
 * Another web build, as the next release would be: the built app's files with every asset renamed (its hash
 * changed) and every reference to it rewritten. Vite's own build would take a minute of the run for the same.
 */
export async function secondBuild() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-build-'));
  await fs.chmod(dir, 0o755);
  await fs.cp(webDist, dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  const assets = await fs.readdir(path.join(dir, 'assets'));
  const renamed = new Map(assets.map((name) => [name, name.replace(/(\.\w+)$/, 'v2$1')]));
  const integrity = async (file: string) =>
    `sha384-${crypto
      .createHash('sha384')
      .update(await fs.readFile(path.join(dir, file)))
      .digest('base64')}`;
  const shellBefore = await integrity('index.html');
  const texts = [
    'index.html',
    '.vite/manifest.json',
    'sw.js', // its precache list names every asset
    ...assets.filter((name) => /\.(js|css)$/.test(name)).map((name) => `assets/${name}`),
  ];
  // Longest names first, so no name is rewritten inside a longer one.
  const order = [...renamed.keys()].sort((a, b) => b.length - a.length);
  for (const file of texts) {
    let text = await fs.readFile(path.join(dir, file), 'utf8');
    for (const name of order) text = text.replaceAll(name, renamed.get(name)!);
    await fs.writeFile(path.join(dir, file), text);
  }
  for (const [name, next] of renamed)
    await fs.rename(path.join(dir, 'assets', name), path.join(dir, 'assets', next));
  // The worker checks the shell it precaches by its hash (apps/web/build/precacheIntegrity.ts).
  const worker = path.join(dir, 'sw.js');
  await fs.writeFile(
    worker,
    (await fs.readFile(worker, 'utf8')).replace(shellBefore, await integrity('index.html')),
  );
  const chunk = assets.find((name) => /^contacto-.*\.js$/.test(name))!;
  return {
    dir,
    /** A screen's chunk of the running build, and its name in this one. */
    oldChunk: chunk,
    newChunk: renamed.get(chunk)!,
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

export interface TabWatch {
  /** Opens the map, the channels and the wall from the header, as a reader would, each to its heading. */
  visitScreens(): Promise<void>;
  /** Script and style files the tab fetched since `visitScreens` began. */
  chunksLoaded(): number;
  /** Asset requests that failed, and errors the page threw. */
  failures(): string[];
  close(): Promise<void>;
}

/** A desktop tab on the balancer's /contacto, kept open while the instances behind it change. */
export async function openTab(baseUrl: string): Promise<TabWatch> {
  const browser = await chromium.launch({
    // Debian's old headless shell, as the end-to-end tests use (e2e/browser.ts): lighter than the full browser.
    executablePath: process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  // Without the service worker, which would answer the chunks from its precache: the instances must serve them.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const failures: string[] = [];
  let counting = false;
  let loaded = 0;
  // The build's own files only: the map's tiles come from elsewhere (none reachable in the tests).
  const isAsset = (url: string) => url.startsWith(`${baseUrl}/assets/`);
  page.on('response', (response) => {
    if (!isAsset(response.url())) return;
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
    else if (counting) loaded++;
  });
  page.on('requestfailed', (request) => {
    if (isAsset(request.url())) failures.push(`${request.failure()?.errorText} ${request.url()}`);
  });
  page.on('pageerror', (error) => failures.push(error.message));
  await page.goto(`${baseUrl}/contacto`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return {
    async visitScreens() {
      counting = true;
      for (const screen of ['/mapa', '/canales', '/muro']) {
        await page.locator(`header a[href="${screen}"]`).first().click();
        await page.waitForURL(`**${screen}`);
        await page.locator('main').waitFor();
        await page.waitForLoadState('networkidle');
        if (await page.getByRole('alert').filter({ hasText: /./ }).count()) {
          failures.push(`${screen}: ${await page.getByRole('alert').first().innerText()}`);
        }
      }
    },
    chunksLoaded: () => loaded,
    failures: () => failures,
    close: () => browser.close(),
  };
}
