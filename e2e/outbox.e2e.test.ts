import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@nomadas/shared';
import type { WallComment, WallPost } from '@nomadas/shared/schemas';
import { launchBrowser } from './browser';
import { appUnderTest } from './app-under-test';
import { createPostByApi, openAs, registerSession, testPhoto, type ApiSession } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const open = (path: string, options: Parameters<typeof openAs>[2] = {}) => openAs(browser, path, options);

async function api<T>(session: ApiSession, method: 'GET' | 'POST', path: string): Promise<ApiEnvelope<T>> {
  const answer = await fetch(`${appUnderTest().baseUrl}/api${path}`, {
    method,
    headers: { 'API-TOKEN': session.token },
  });
  return (await answer.json()) as ApiEnvelope<T>;
}

/** Writes cannot reach the API (reads still can, so the page reloads without a service worker). */
const blockWrites = (page: Page) =>
  page.route('**/api/**', (route: Route) =>
    route.request().method() === 'GET' ? route.fallback() : route.abort('internetdisconnected'),
  );

const postModal = (page: Page, author: string) => page.getByRole('dialog', { name: `Post de ${author}` });
/** The header's live region. */
const connection = (page: Page) => page.getByRole('banner').getByRole('status');

/** The writes kept in the browser's IndexedDB outbox, read straight from it. */
const keptWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('nomadas-outbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const count = request.result.transaction('writes').objectStore('writes').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );

describe('writes that wait for the signal', () => {
  it('a like and a comment made with no way to the API wait as pending, survive a reload and arrive once', async () => {
    const me = await registerSession();
    const author = await registerSession();
    const post = await createPostByApi(author, 'Atardecer en el cabo de Gata');
    const { context, page, errors } = await open(`/muro/${post.url}`, { session: me });
    const dialog = postModal(page, author.username);
    await dialog.getByText('Sé el primero en comentar.').waitFor();

    await blockWrites(page);
    // One like reaches the server but its answer is lost on the way back: the retry must not count it twice.
    let lostOne = false;
    await page.route('**/api/like/post/**', async (route) => {
      if (lostOne) return route.fallback();
      lostOne = true;
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await dialog.getByRole('button', { name: '0 me gusta', exact: true }).click();
    const pendingLike = dialog.getByRole('button', { name: '1 me gusta, pendiente', exact: true });
    await pendingLike.waitFor();
    expect(await pendingLike.getAttribute('aria-pressed')).toBe('true');

    const box = dialog.getByRole('textbox', { name: 'Tu comentario' });
    await box.fill('Llegará cuando haya cobertura');
    await box.press('Enter');
    const pendingComment = dialog.getByRole('article', { name: 'Tu comentario: pendiente' });
    await pendingComment.getByText('Llegará cuando haya cobertura').waitFor();
    expect(await box.inputValue()).toBe('');

    // A reload keeps both, still pending, over what the server says now.
    expect(await keptWrites(page)).toBe(2);
    await page.reload();
    await postModal(page, author.username).getByText('Atardecer en el cabo de Gata').waitFor();
    await pendingLike.waitFor();
    await pendingComment.getByText('Llegará cuando haya cobertura').waitFor();

    // Offline the header says so, with what waits; back online both go and the line goes. (Offline only
    // once the page has fetched its lazy parts: this test is about writes, not chunks.)
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await connection(page).getByText('Sin conexión').waitFor();
    await connection(page).getByText('2 acciones pendientes').waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    await context.setOffline(false);
    await dialog.getByRole('button', { name: '1 me gusta', exact: true }).waitFor();
    await dialog
      .locator('li article:not([data-pending])', { hasText: 'Llegará cuando haya cobertura' })
      .waitFor();
    await expect.poll(() => connection(page).textContent()).toBe('');

    // Exactly once, as the server has them.
    const stored = await api<WallPost>(me, 'GET', `/post/${post.url}`);
    expect(stored.data).toMatchObject({ likes: 1, islike: 1, comentarios: 1 });
    const comments = await api<WallComment[]>(me, 'GET', `/comment/get/${post.url}`);
    expect(comments.data!.map((comment) => comment.comentario)).toEqual(['Llegará cuando haya cobertura']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a new post with its photo waits with no way to the API, survives a reload and is published once', async () => {
    const me = await registerSession();
    const tag = `cobertura${Date.now().toString(36)}`;
    const { context, page, errors } = await open('/muro', { session: me });
    await page.getByRole('button', { name: 'Nueva publicación' }).first().waitFor();

    await blockWrites(page);
    await page.getByRole('button', { name: 'Nueva publicación' }).first().click();
    const composer = page.getByRole('dialog', { name: 'Nueva publicación' });
    await composer
      .locator('input[type=file]')
      .setInputFiles({ name: 'valle.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(800, 600) });
    await composer.getByRole('img', { name: 'Vista previa de la foto elegida' }).waitFor();
    await composer.getByRole('textbox', { name: /^Texto/ }).fill(`Sin señal en el valle #${tag}`);
    await composer.getByRole('button', { name: 'Publicar' }).click();
    await composer.waitFor({ state: 'detached' });
    const pending = page.getByRole('region', { name: 'Pendiente de envío' });
    await pending.getByText('Publicación pendiente').waitFor();

    expect(await keptWrites(page)).toBe(1);
    await page.reload();
    await pending.getByText('Publicación pendiente').waitFor();

    await page.unrouteAll({ behavior: 'wait' });
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await context.setOffline(false);
    await page.getByText('Tu publicación pendiente se ha publicado').waitFor();
    await pending.waitFor({ state: 'detached' });

    const published = await api<{ data: WallPost[] }>(me, 'GET', `/posts?tag=${tag}&l=12`);
    expect(published.data!.data.map((post) => [post.username, post.mediatext])).toEqual([
      [me.username, `Sin señal en el valle #${tag}`],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a write the server refuses shows why, with Reintentar and Descartar', async () => {
    const me = await registerSession();
    const author = await registerSession();
    const post = await createPostByApi(author, 'Faro de Finisterre');
    const { context, page, errors } = await open(`/muro/${post.url}`, { session: me });
    const dialog = postModal(page, author.username);
    await dialog.getByText('Sé el primero en comentar.').waitFor();

    await blockWrites(page);
    const box = dialog.getByRole('textbox', { name: 'Tu comentario' });
    await box.fill('Qué viento hace aquí');
    await box.press('Enter');
    await dialog.getByRole('article', { name: 'Tu comentario: pendiente' }).waitFor();

    // The author deletes the post before the comment gets through.
    expect((await api(author, 'POST', `/delete/post/${post.url}`)).state).toBe('OK');
    await page.unrouteAll({ behavior: 'wait' });
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await context.setOffline(false);

    const tray = page.getByRole('region', { name: 'No se ha podido enviar' });
    await tray.getByText('Tu comentario «Qué viento hace aquí»').waitFor();
    await tray.getByText('Ya no está disponible: se borró antes de que llegara.').waitFor();
    await dialog.getByRole('article', { name: 'Tu comentario: No enviado' }).waitFor();

    // Reintentar sends it again (refused again: the post is gone); Descartar forgets it, across a reload too.
    await tray.getByRole('button', { name: 'Reintentar' }).click();
    await tray.getByRole('button', { name: 'Descartar' }).click();
    await tray.waitFor({ state: 'detached' });
    await expect.poll(() => keptWrites(page)).toBe(0);
    await page.reload();
    await page.getByRole('banner').waitFor();
    expect(await page.getByText('Qué viento hace aquí').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
