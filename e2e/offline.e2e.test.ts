import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WallPost } from '@nomadas/shared/schemas';
import { builtMain, startApp, type AppProcess } from '../apps/server/src/test/app-process';
import { launchBrowser } from './browser';
import { createPostByApi, openAs, registerSession, type ApiSession } from './support';

const webDist = path.resolve(path.dirname(builtMain), '../../web/dist');

let browser: Browser;
beforeAll(async () => {
  // The installability check (below) is the full browser's.
  browser = await launchBrowser({ full: true });
});
afterAll(() => browser?.close());

const tileOf = (page: Page, post: WallPost) =>
  page.locator(`section[aria-labelledby="muro-posts"] a[href="/muro/${post.url}"]`);

/** Resolves once the service worker controls the page (it claims the page that installed it). */
const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/** The keys of the answers the service worker keeps in `cache` (none when there is no such cache). */
const cachedKeys = (page: Page, cache: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => request.url);
  }, cache);
const cachedCount = async (page: Page, cache: string) => (await cachedKeys(page, cache)).length;
/** Answers read with a session's token: their keys carry its digest (apps/web/src/pwa/cachePolicy.ts). */
const sessionAnswers = async (page: Page) =>
  (await cachedKeys(page, 'nomadas-api')).filter((url) => url.includes('__session='));

/**
 * The wall as `session` sees it on a first visit: read before the service worker was in control, and kept once
 * it is (apps/web/src/pwa/readsBeforeWorker.ts), the answers and the photos shown.
 */
async function wallReadOnFirstVisit(session: ApiSession, post: WallPost) {
  const opened = await openAs(browser, '/muro', { session, serviceWorker: true });
  await tileOf(opened.page, post).waitFor();
  await controlled(opened.page);
  await expect.poll(async () => (await sessionAnswers(opened.page)).length).toBeGreaterThan(0);
  await expect.poll(() => cachedCount(opened.page, 'nomadas-media')).toBeGreaterThan(0);
  return opened;
}

describe('the app with no signal', () => {
  let author: ApiSession;
  let seen: WallPost;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  afterAll(() => context?.close());

  it('opens on a reload with no connection, and the wall shows what its first visit read', async () => {
    author = await registerSession();
    seen = await createPostByApi(author, 'Amanecer en la playa de las Catedrales');
    ({ context, page, errors } = await wallReadOnFirstVisit(author, seen));
    // Published after the visit: the server has it, the cache cannot.
    const unseen = await createPostByApi(author, 'Noche en el puerto de Somiedo');
    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'Muro' }).waitFor();
    await tileOf(page, seen).waitFor();
    // Its photo too, kept from the first visit.
    await expect
      .poll(() =>
        tileOf(page, seen)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await tileOf(page, unseen).count()).toBe(0);
    // Another screen of the app opens too (its chunk is precached), with its own offline state.
    await page.goto('/contacto');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.setOffline(false);
  });

  it("online, still opens every page as the server writes it, with the site's settings", async () => {
    for (const path of ['/', '/contacto']) {
      await page.goto(path);
      expect(await page.locator('#app-settings').count(), path).toBe(1);
    }
  });

  it('is installable: Chromium finds its manifest, icons and service worker in order', async () => {
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    // A test's context is an incognito one, where nothing installs; that is the only objection.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    const { errors: manifestErrors } = await devtools.send('Page.getAppManifest');
    expect(manifestErrors).toEqual([]);
    await devtools.detach();
  });

  it("opens offline from the build's shell, which carries no page's data and no one's session", async () => {
    const shell = await page.evaluate(async () => {
      const response = await caches.match('/index.html', { ignoreSearch: true });
      return response?.text();
    });
    expect(shell).toContain('<div id="root">');
    expect(shell).not.toContain('wall-first-page');
    expect(shell).not.toContain(seen.url);
    expect(shell).not.toContain(author.username);
  });

  it('says in the settings how much is kept, and "Borrar" forgets it', async () => {
    await page.goto('/perfil');
    const settings = page.getByRole('region', { name: 'Sin conexión' });
    await settings.getByText(/^Datos sin conexión: \d+(,\d)? MB$/).waitFor();
    expect(await cachedCount(page, 'nomadas-api')).toBeGreaterThan(0);
    // Offline, so that no read of the page (a poll, a count) lands in the cache again right after: what is read
    // after "Borrar" is kept again, by design.
    await context.setOffline(true);
    await settings.getByRole('button', { name: 'Borrar' }).click();
    await page.locator('.toast.ok', { hasText: 'Datos sin conexión borrados' }).waitFor();
    expect(await cachedCount(page, 'nomadas-api')).toBe(0);
    // The size is of what "Borrar" forgets, not of the app it keeps.
    await settings.getByText('Datos sin conexión: 0,0 MB').waitFor();
    await context.setOffline(false);
  });

  it("forgets the user's reading on logout", async () => {
    // Read again since "Borrar": the wall's answer is kept once more.
    await page.goto('/muro');
    await tileOf(page, seen).waitFor();
    await expect.poll(async () => (await sessionAnswers(page)).length).toBeGreaterThan(0);
    // The photos seen as the user.
    await expect.poll(async () => (await cachedKeys(page, 'nomadas-media')).length).toBeGreaterThan(0);
    const photos = await cachedKeys(page, 'nomadas-media');
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // What the home page reads next is a visitor's; nothing read as the user is left.
    await expect.poll(() => sessionAnswers(page)).toEqual([]);
    expect((await cachedKeys(page, 'nomadas-media')).filter((url) => photos.includes(url))).toEqual([]);
  });
});

describe("a visitor's wall with no signal", () => {
  it('shows the posts that came inside the page, which the app never asked the API for', async () => {
    await createPostByApi(await registerSession(), 'Atardecer en el cabo de Gata');
    const { context, page, errors } = await openAs(browser, '/muro', { serviceWorker: true });
    const tiles = page.locator('section[aria-labelledby="muro-posts"] ul > li > a');
    await tiles.first().waitFor();
    const hrefs = () => tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const seenOnline = await hrefs();
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await tiles.first().waitFor();
    expect(await hrefs()).toEqual(seenOnline);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a new version of the app', () => {
  // An app of its own on a copy of the build, whose service worker the test can change as a deploy would.
  let app: AppProcess;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-sw-'));
    // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR.
    await fs.chmod(dir, 0o755);
    await fs.cp(webDist, path.join(dir, 'web'), { recursive: true });
    app = await startApp({ DATA_DIR: path.join(dir, 'data'), WEB_DIST_DIR: path.join(dir, 'web') });
  });
  afterAll(async () => {
    await app?.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('is announced, and taken only when the user chooses "Actualizar"', async () => {
    const { context, page, errors } = await openAs(browser, '/contacto', {
      baseUrl: app.baseUrl,
      serviceWorker: true,
    });
    await controlled(page);
    // The next deploy's worker: the same file with one byte changed.
    await fs.appendFile(path.join(dir, 'web', 'sw.js'), '\n// siguiente versión\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });
    await banner.waitFor();
    // Announced, not swapped: the page goes on with the version it loaded until the user chooses.
    const loadedAt = await page.evaluate(() => performance.timeOrigin);
    await banner.getByRole('button', { name: 'Actualizar' }).click();
    await page.waitForFunction((origin) => performance.timeOrigin !== origin, loadedAt);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting)),
    ).toBeFalsy();
    expect(errors).toEqual([]);
    await context.close();
  });
});
