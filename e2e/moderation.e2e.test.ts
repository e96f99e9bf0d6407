import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import type { LoginResponse, WallPost } from '@nomadas/shared/schemas';
import { launchBrowser, openPage } from './browser';
import { E2E_MODERATOR } from './global-setup';
import { createPostByApi, expectToast, registerSession, type ApiSession } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const baseUrl = () => inject('baseUrl');

/** The account global-setup made and named in MODERATORS, logged in through the API. */
async function moderatorSession(): Promise<ApiSession> {
  const login = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_MODERATOR),
  });
  const body = (await login.json()) as LoginResponse;
  expect(body).toMatchObject({ state: 'OK', role: 'moderator' });
  return body as ApiSession;
}

/** The session as the app stores it after a login, the role included. */
async function open(path: string, session: ApiSession, phone = true) {
  return openPage(browser, {
    path,
    phone,
    init: (page) =>
      page.addInitScript((s) => {
        localStorage.setItem('cookies', '1');
        localStorage.setItem('bannerHomeTime', String(Math.floor(Date.now() / 1000)));
        localStorage.setItem('token', s.token);
        const role = s.role ? { role: s.role } : {};
        localStorage.setItem(
          'user_data',
          JSON.stringify({ token: s.token, u: s.username, i: '', ic: '', d: '', ...role }),
        );
        localStorage.setItem('finish_date', String(s.date));
      }, session),
  });
}

const report = (post: WallPost, reporter: ApiSession) =>
  fetch(`${baseUrl()}/api/denuncia/post/${post.url}`, {
    method: 'POST',
    headers: { 'API-TOKEN': reporter.token },
  });
const statusOf = async (post: WallPost, who?: ApiSession) =>
  (await fetch(`${baseUrl()}/api/post/${post.url}`, { headers: who ? { 'API-TOKEN': who.token } : {} }))
    .status;
const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

describe('the moderation screen', () => {
  it('lets a moderator restore one hidden post and remove another, on a phone', async () => {
    const [moderator, author, ...reporters] = await Promise.all([
      moderatorSession(),
      ...Array.from({ length: 5 }, () => registerSession()),
    ]);
    const keep = await createPostByApi(author!, 'Amanecer en el embalse, denunciado por error');
    const drop = await createPostByApi(author!, 'Post que no respeta las normas');
    // Four reports of brand-new accounts (0.25 each) reach REPORTS_TO_HIDE=1 in the e2e server.
    for (const post of [keep, drop]) for (const reporter of reporters) await report(post, reporter!);
    expect(await statusOf(keep)).toBe(404);
    expect(await statusOf(keep, author)).toBe(200);

    const { context, page } = await open('/moderacion', moderator!);
    await page.getByRole('heading', { level: 1, name: 'Moderación' }).waitFor();
    await card(page, keep.mediatext).waitFor();
    await expect.poll(() => card(page, drop.mediatext).textContent()).toContain('4 denuncias · peso 1');

    await card(page, keep.mediatext)
      .getByRole('button', { name: /Restaurar/ })
      .click();
    const restoreDialog = page.getByRole('dialog', { name: '¿Restaurar este post?' });
    await restoreDialog.getByRole('button', { name: 'Sí, restaurar' }).click();
    await expectToast(page, 'ok', MSG.moderationRestored);
    await card(page, keep.mediatext).waitFor({ state: 'detached' });
    expect(await statusOf(keep)).toBe(200);

    await card(page, drop.mediatext)
      .getByRole('button', { name: /Eliminar/ })
      .click();
    const removeDialog = page.getByRole('dialog', { name: '¿Eliminar este post?' });
    await removeDialog.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expectToast(page, 'ok', MSG.moderationRemoved);
    await page.getByRole('heading', { name: 'No hay nada pendiente' }).waitFor();
    expect(await statusOf(drop, author)).toBe(404);

    // The phone menu leads moderators here.
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Moderación' }).waitFor();
    await context.close();
  });

  it('shows the places reported to have wrong data, and removes one from the map', async () => {
    const [moderator, author, reporter] = await Promise.all([
      moderatorSession(),
      registerSession(),
      registerSession(),
    ]);
    const call = async (who: ApiSession, path: string, body?: unknown) =>
      (await (
        await fetch(`${baseUrl()}/api${path}`, {
          method: 'POST',
          headers: { 'API-TOKEN': who.token, 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        })
      ).json()) as { state: string; data?: { urlpoint: string } };
    const name = 'Área de la playa que ya no existe';
    const added = await call(author, '/map/location', { kind: 'default', name, lat: 36.53, lng: -6.29 });
    const urlpoint = added.data!.urlpoint;
    expect((await call(moderator, `/map/location/${urlpoint}/confirm`)).state).toBe('OK');
    await call(reporter, `/map/location/${urlpoint}/report`, { reason: 'La cerraron el verano pasado' });

    const { context, page } = await open('/moderacion', moderator, false);
    const place = card(page, name);
    await expect.poll(() => place.textContent()).toContain('La cerraron el verano pasado');
    await place.getByRole('button', { name: /Eliminar lugar/ }).click();
    await page
      .getByRole('dialog', { name: `¿Eliminar «${name}» del mapa?` })
      .getByRole('button', { name: 'Sí, eliminar' })
      .click();
    await expectToast(page, 'ok', MSG.mapPlaceRemoved);
    await place.waitFor({ state: 'detached' });
    expect((await fetch(`${baseUrl()}/api/map/location/${urlpoint}`)).status).toBe(404);
    await context.close();
  });

  it('tells anyone else the screen is not for them, and keeps it out of their menu', async () => {
    const someone = await registerSession();
    const { context, page } = await open('/moderacion', someone);
    await page.getByRole('heading', { level: 1, name: 'Solo para el equipo de moderación' }).waitFor();
    await page.getByRole('button', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await menu.getByRole('link', { name: 'Mi cuenta' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Moderación' }).count()).toBe(0);
    await context.close();
  });
});
