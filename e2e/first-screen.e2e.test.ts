import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage } from './browser';
import { createChannel } from './channels-support';
import { createPostByApi, registerSession, testPhoto } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Each route and the screen chunk the app shows there (apps/web/src/app/routes.tsx). */
const ROUTES: Record<string, string> = {
  '/': 'landing',
  '/muro': 'muro',
  '/tags/galicia': 'muro',
  '/contacto': 'contacto',
  '/mapa': 'mapa',
  '/canales': 'canales',
  '/legal': 'legal',
  '/premium': 'premium',
  '/quienes_somos': 'quienesSomos',
  '/nuevopass/abc': 'nuevopass',
  '/verificar/abc': 'verificar',
  '/no/existe': '404',
};

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]* href="([^"]+)"`, 'g'))].map((match) => match[1]!);

describe('the first screen of the built app', () => {
  it("names each route's own screen chunk in its HTML, and every hinted file is there", async () => {
    const baseUrl = inject('baseUrl');
    for (const [route, screen] of Object.entries(ROUTES)) {
      const html = await (await fetch(`${baseUrl}${route}`)).text();
      const scripts = hrefs(html, 'modulepreload');
      // The bundler's shared runtime (CommonJS interop), which the entry itself imports, may be preloaded first.
      const screenScripts = scripts.filter((file) => !file.startsWith('/assets/rolldown-runtime-'));
      expect(screenScripts[0], route).toMatch(new RegExp(`^/assets/${screen}-[\\w-]+\\.js$`));
      // The map's engine and Leaflet (a chunk of its own), which its screen loads at once, arrive with it.
      if (route === '/mapa')
        for (const chunk of ['MapView', 'leaflet'])
          expect(scripts.some((file) => file.startsWith(`/assets/${chunk}-`))).toBe(true);
      for (const file of [...scripts, ...hrefs(html, 'preload')]) {
        expect((await fetch(`${baseUrl}${file}`)).status, `${route}: ${file}`).toBe(200);
      }
    }
  });

  it('loads the screen from those hints: nothing fetched twice, no source map anywhere', async () => {
    const { context, page } = await openPage(browser, { phone: true, path: '/contacto' });
    // The first load's own requests (chunks the app fetches once it is idle included) end before counting.
    await page.waitForLoadState('networkidle');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Contacto', level: 1 }).waitFor();
    const assets = requests.filter((file) => file.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(2);
    expect(new Set(assets).size).toBe(assets.length);
    for (const file of assets.filter((name) => name.endsWith('.js'))) {
      const code = await (await fetch(`${inject('baseUrl')}${file}`)).text();
      expect(code, file).not.toContain('sourceMappingURL');
      expect((await fetch(`${inject('baseUrl')}${file}.map`)).status, `${file}.map`).toBe(404);
    }
    await context.close();
  });

  it('paints the landing before it asks for the cookie banner and the footer, and gets its code Brotli-compressed', async () => {
    const encodings = new Map<string, string | undefined>();
    const { context, page } = await openPage(browser, {
      phone: true,
      init: async (page) => {
        page.on('response', (response) => {
          const { pathname } = new URL(response.url());
          if (pathname.endsWith('.js')) encodings.set(pathname, response.headers()['content-encoding']);
        });
      },
    });
    // A first visit: both come, after the first screen.
    await page.getByRole('contentinfo').waitFor();
    await page.getByRole('button', { name: 'Aceptar todas' }).waitFor();
    const { firstScreen, started } = await requestTimes(page, ['/assets/Footer-', '/assets/CookieBanner-']);
    expect(firstScreen).toBeGreaterThan(0);
    for (const start of started) expect(start).toBeGreaterThan(firstScreen);
    const entry = [...encodings.keys()].find((file) => /^\/assets\/index-[\w-]+\.js$/.test(file));
    expect(entry && encodings.get(entry)).toBe('br');
    await context.close();
  });

  it('paints the wall before it asks for the suggested walls, and a channel before its cover photo', async () => {
    const owner = await registerSession();
    const channel = await createChannel(owner);
    const form = new FormData();
    form.append(
      'media',
      new Blob([new Uint8Array(await testPhoto(1200, 450))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const answer = await fetch(`${inject('baseUrl')}/api/canales/${channel.url}/cover`, {
      method: 'POST',
      headers: { 'API-TOKEN': owner.token },
      body: form,
    });
    const cover = ((await answer.json()) as { data: { img_portada: string } }).data.img_portada;
    expect(cover).toMatch(/\.webp$/);

    const wall = await openPage(browser, { phone: true, path: '/muro' });
    const onWall = await settledRequestTimes(wall.page, ['/api/perfil_recomendados']);
    expect(onWall.started[0]).toBeGreaterThan(onWall.firstScreen);
    await wall.context.close();

    const channelPage = await openPage(browser, { phone: true, path: `/canales/${channel.url}` });
    const coverImage = channelPage.page.getByRole('img', { name: `Portada del canal ${channel.nombre}` });
    // Loaded: the browser times a resource once its answer has ended.
    await expect
      .poll(() => coverImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const onChannel = await settledRequestTimes(channelPage.page, [cover]);
    expect(onChannel.started[0]).toBeGreaterThan(onChannel.firstScreen);
    await channelPage.context.close();
  });

  it("gives a phone's grid its 240 px thumbnails and a desktop's its 480 px ones, each fetched once", async () => {
    await createPostByApi(await registerSession(), 'Amanece en los Picos de Europa #asturias');
    const devices = [
      // A 2× phone 360 px wide, the most common size: its 118 px tiles need 236 pixels.
      { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
      { viewport: DESKTOP, deviceScaleFactor: 1 },
    ];
    for (const [device, size] of [
      [devices[0], '-thumb-240.webp'],
      [devices[1], '-thumb.webp'],
    ] as const) {
      const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'es-ES', ...device });
      const page = await context.newPage();
      const thumbnails: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/-thumb(-240)?\.(webp|jpg)$/.test(pathname)) thumbnails.push(pathname);
      });
      await page.goto('/muro');
      const first = page.locator('section[aria-labelledby="muro-posts"] ul > li > a img').first();
      await expect
        .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
        .toMatch(new RegExp(`${size.replace('.', '\\.')}$`));
      await page.waitForLoadState('networkidle');
      // The HTML's preload links chose the size the grid then asked for: nothing fetched twice.
      expect(thumbnails.length, JSON.stringify(device)).toBeGreaterThan(0);
      for (const thumbnail of thumbnails) expect(thumbnail.endsWith(size), thumbnail).toBe(true);
      expect(new Set(thumbnails).size).toBe(thumbnails.length);
      await context.close();
    }
  });
});

/**
 * When the app marked its first screen painted (apps/web/src/app/idle.ts: the page's first contentful paint is the
 * static shell the HTML carries), and when it started fetching each of `paths` (by the start of the path; NaN for
 * one it never fetched).
 */
async function requestTimes(page: Page, paths: string[]): Promise<{ firstScreen: number; started: number[] }> {
  return page.evaluate((prefixes) => {
    const entries = performance.getEntriesByType('resource');
    return {
      firstScreen: performance.getEntriesByName('first-screen')[0]?.startTime ?? NaN,
      started: prefixes.map(
        (prefix) =>
          entries.find((entry) => new URL(entry.name).pathname.startsWith(prefix))?.startTime ?? NaN,
      ),
    };
  }, paths);
}

/**
 * requestTimes once the first screen is marked and every one of `paths` has been fetched: on a loaded machine the
 * network may fall idle before the browser's idle moment that marks the first screen.
 */
async function settledRequestTimes(page: Page, paths: string[]) {
  let times = { firstScreen: NaN, started: [NaN] };
  await expect
    .poll(async () => {
      times = await requestTimes(page, paths);
      return [times.firstScreen, ...times.started].every(Number.isFinite);
    })
    .toBe(true);
  return times;
}
