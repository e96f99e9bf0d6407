import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './browser';
import { asReturningVisitor } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the global shell', () => {
  it('uses the mobile menu on a phone', async () => {
    const { context, page } = await openPage(browser, { phone: true });
    await asReturningVisitor(page);
    await page.reload();
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    for (const item of ['Canales', 'Mapa', 'Muro', 'Contacto', 'Iniciar sesión', 'Registro']) {
      await menu
        .getByRole(item === 'Iniciar sesión' || item === 'Registro' ? 'button' : 'link', { name: item, exact: true })
        .waitFor();
    }
    expect(await menu.getByText('Cerrar sesión').count()).toBe(0);
    await menu.getByRole('link', { name: 'Mapa', exact: true }).click();
    await page.waitForURL('**/mapa');
    await menu.waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers one way into the chat on a wide screen, and the header one too on a phone', async () => {
    const { context, page } = await openPage(browser, { path: '/muro' });
    await asReturningVisitor(page);
    await page.reload();
    const launcher = page.getByRole('button', { name: 'Abrir el chat' });
    const header = page.getByRole('banner').getByRole('button', { name: 'Chat', exact: true });
    const shown = async () => [await header.isVisible(), await launcher.isVisible()];
    // From 768 px the floating button is at its desktop size, and the header's would be a second one.
    for (const width of [1280, 800, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await launcher.waitFor();
      expect(await shown()).toEqual([false, true]);
    }
    await page.setViewportSize({ width: 767, height: 800 });
    await header.waitFor();
    expect(await shown()).toEqual([true, true]);
    await context.close();
  });

  it('shows the 404 screen, with a 404 status, for an unknown path', async () => {
    const { context, page } = await openPage(browser, { path: '/' });
    const response = await page.goto('/esta/ruta/no/existe');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    await context.close();
  });

  it('reports every route change to /api/trc/path', async () => {
    const { context, page } = await openPage(browser);
    await asReturningVisitor(page);
    const reported = page.waitForRequest(
      (request) => request.url().endsWith('/api/trc/path') && request.postDataJSON()?.p === '/contacto',
    );
    await page.getByRole('banner').getByRole('link', { name: 'Contacto' }).click();
    const body = (await reported).postDataJSON();
    expect(body.br).toEqual(expect.any(String));
    expect(body.br.length).toBeGreaterThan(0);
    await context.close();
  });

  it('redirects the old area paths to the map', async () => {
    const { context, page } = await openPage(browser, { path: '/mapitems/areasac/provincia/leon' });
    await page.waitForURL('**/mapa');
    await page.goto('/areas/astorga');
    await page.waitForURL('**/mapa/location/area-autocaravanas-astorga');
    await context.close();
  });

  it('offers the free guide once a day to a visitor after the cookie choice', async () => {
    const { context, page } = await openPage(browser);
    await page.getByRole('button', { name: 'Solo esenciales' }).click();
    const banner = page.getByRole('dialog', { name: /10 joyas turísticas/ });
    await banner.waitFor({ timeout: 10_000 });
    await banner.getByRole('button', { name: 'No, gracias' }).click();
    const seenAt = Number(await page.evaluate(() => localStorage.getItem('bannerHomeTime')));
    expect(seenAt).toBeGreaterThan(Date.now() / 1000 - 60);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Shown at most once per 24 h: after a reload the banner's own delay passes without it.
    await page.waitForFunction(() => performance.now() > 4000);
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
