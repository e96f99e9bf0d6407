import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_DEFAULT, MSG } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { launchBrowser } from './browser';
import { appUnderTest, ownAppForFile } from './app-under-test';
import { createPostByApi, expectToast, openAs, registerSession, testPhoto, type ApiSession } from './support';

// The wall's gaps closed for the people work: paged comments, a confirmed comment deletion, named grid tiles,
// the keyboard through grid, modal and menu, and one user's posts grid on the own profile.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
ownAppForFile();

const postModal = (page: Page, author: string) => page.getByRole('dialog', { name: `Post de ${author}` });
const tileOf = (page: Page, post: WallPost) => page.locator(`a[href="/muro/${post.url}"]`);

const open = (path: string, session: ApiSession, phone = false) => openAs(browser, path, { session, phone });

async function commentByApi(session: ApiSession, post: WallPost, c: string, p = 0): Promise<number> {
  const answer = await fetch(`${appUnderTest().baseUrl}/api/comment/create/${post.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'API-TOKEN': session.token },
    body: JSON.stringify({ c, p }),
  });
  const body = (await answer.json()) as { state: string; data: { id: number } };
  expect(body.state).toBe('OK');
  return body.data.id;
}

/** The element that has focus: its accessible bits and whether a focus ring is drawn around it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      tag: element?.tagName.toLowerCase(),
      href: element?.getAttribute('href') ?? null,
      label: element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '',
      ring: !!style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  });

describe('comments in pages', () => {
  it("shows the newest comments first and 'Ver más comentarios' brings the older ones, in the modal and the feed", async () => {
    const author = await registerSession();
    const reader = await registerSession();
    const post = await createPostByApi(author, 'Ruta de los pueblos negros de Guadalajara');
    const total = COMMENTS_PAGE_DEFAULT + 3;
    for (let i = 1; i <= total; i++) await commentByApi(reader, post, `Comentario número ${i}`);
    const { context, page, errors } = await open(`/muro/${post.url}`, reader);
    const dialog = postModal(page, author.username);
    const comments = dialog.locator('section[aria-label="Comentarios"] ul > li > article');

    await dialog.getByText(`Comentario número ${total}`, { exact: true }).waitFor();
    expect(await comments.count()).toBe(COMMENTS_PAGE_DEFAULT);
    expect(await dialog.getByText('Comentario número 3', { exact: true }).count()).toBe(0);
    // The oldest of the page is at the top, the newest just above the comment field.
    expect(await comments.first().innerText()).toContain('Comentario número 4');

    // A comment written before the older ones are loaded is not shown twice once they are.
    const box = dialog.getByRole('textbox', { name: 'Tu comentario' });
    await box.fill('Y el mío, el último');
    await box.press('Enter');
    await comments.last().getByText('Y el mío, el último').waitFor();

    await dialog.getByRole('button', { name: 'Ver más comentarios' }).click();
    await dialog.getByText('Comentario número 1', { exact: true }).waitFor();
    expect(await comments.count()).toBe(total + 1);
    expect(await comments.first().innerText()).toContain('Comentario número 1');
    expect(await dialog.getByRole('button', { name: 'Ver más comentarios' }).count()).toBe(0);
    // The button went with the last page: focus is on the oldest comment's author, not lost.
    expect((await focused(page)).href).toBe(`/perfil/${reader.username}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The feed (remembered on reload, which also forgets the pages loaded above): 'Ver los n comentarios'
    // opens the thread, which pages the same way.
    await page.getByRole('button', { name: 'Lista' }).click();
    await page.reload();
    const card = page.locator('section[aria-labelledby="muro-posts"] article[aria-label]', {
      hasText: 'Ruta de los pueblos negros',
    });
    await card.getByRole('button', { name: `Ver los ${total + 1} comentarios` }).click();
    await card.getByText(`Comentario número ${total}`, { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Ver más comentarios' }).click();
    await card.getByText('Comentario número 1', { exact: true }).waitFor();
    expect(await card.locator('ul > li > article').count()).toBe(total + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks before deleting a comment: Cancelar keeps it, Aceptar deletes it', async () => {
    const author = await registerSession();
    const me = await registerSession();
    const post = await createPostByApi(author, 'Cascada del Gollón');
    await commentByApi(me, post, 'Este lo borraré');
    const deletes: string[] = [];
    const { context, page, errors } = await open(`/muro/${post.url}`, me);
    page.on('request', (request) => {
      if (request.url().includes('/api/comment/delete/')) deletes.push(request.url());
    });
    const dialog = postModal(page, author.username);
    const mine = dialog.locator('li article', { hasText: 'Este lo borraré' });
    const remove = mine.getByRole('button', { name: `Eliminar el comentario de ${me.username}` });
    const confirm = page.getByRole('dialog', { name: 'Aviso' });

    await remove.click();
    await confirm.getByText('¿Estás seguro de querer borrar el comentario?', { exact: true }).waitFor();
    // Cancel has the focus, so Enter never deletes by accident.
    expect((await focused(page)).label).toBe('Cancelar');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(deletes).toEqual([]);
    await mine.waitFor();
    expect((await focused(page)).label).toBe(`Eliminar el comentario de ${me.username}`);

    await remove.press('Enter');
    await confirm.getByRole('button', { name: 'Aceptar' }).click();
    await mine.waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    expect(deletes).toHaveLength(1);
    // The post stays open; focus goes to the comment field rather than the page behind.
    await dialog.getByText('Sé el primero en comentar.').waitFor();
    expect((await focused(page)).tag).toBe('input');
    const listed = await fetch(`${appUnderTest().baseUrl}/api/comment/get/${post.url}`);
    expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the grid by keyboard and by screen reader', () => {
  it('names each tile by author, first words and counts', async () => {
    const author = await registerSession();
    const post = await createPostByApi(
      author,
      'Amanecer en Somiedo con niebla en los valles y vacas por la carretera #asturias',
    );
    await commentByApi(author, post, 'Qué frío hacía');
    const short = await createPostByApi(author, 'Lagos');
    const { context, page } = await open('/muro', author);
    await page
      .getByRole('link', {
        name: `Post de ${author.username}: Amanecer en Somiedo con niebla en los valles y… 0 me gusta, 1 comentario`,
        exact: true,
      })
      .waitFor();
    expect(await tileOf(page, short).getAttribute('aria-label')).toBe(
      `Post de ${author.username}: Lagos. 0 me gusta, 0 comentarios`,
    );
    await context.close();
  });

  it('moves through tiles, the post modal and its menu by keyboard, with a visible focus', async () => {
    const me = await registerSession();
    const a = await createPostByApi(me, 'Primera: Peñíscola');
    const b = await createPostByApi(me, 'Segunda: Morella');
    const c = await createPostByApi(me, 'Tercera: Vilafamés');
    const { context, page, errors } = await open('/muro', me);
    const dialog = postModal(page, me.username);

    // Tab order follows the grid: newest first.
    await tileOf(page, c).focus();
    await page.keyboard.press('Tab');
    let now = await focused(page);
    expect(now.href).toBe(`/muro/${b.url}`);
    expect(now.ring).toBe(true);

    // Enter opens the post; Tab goes through close, previous, next, then the post itself.
    await page.keyboard.press('Enter');
    await dialog.getByText('Segunda: Morella').waitFor();
    await page.keyboard.press('Tab');
    now = await focused(page);
    expect(now.label).toBe('Cerrar el post');
    expect(now.ring).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focused(page)).label).toBe('Post anterior');
    await page.keyboard.press('Tab');
    now = await focused(page);
    expect(now.label).toBe('Post siguiente');
    expect(now.ring).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByText('Primera: Peñíscola').waitFor();
    await page.waitForURL((url) => url.pathname === `/muro/${a.url}`);

    // The post menu: opened with Enter, arrows between items, Escape closes it and leaves the post open.
    const menuButton = dialog.getByRole('button', { name: 'Opciones del post' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Opciones del post' });
    await menu.waitFor();
    expect((await focused(page)).label).toBe('Editar post');
    await page.keyboard.press('ArrowDown');
    now = await focused(page);
    expect(now.label).toBe('Eliminar post');
    expect(now.ring).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect((await focused(page)).label).toBe('Opciones del post');
    expect(await dialog.count()).toBe(1);

    // Escape closes the post; focus lands on the tile of the post shown last, in view and ringed.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/muro');
    await expect.poll(async () => (await focused(page)).href).toBe(`/muro/${a.url}`);
    expect((await focused(page)).ring).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('my posts on /perfil?tab=muro', () => {
  it('opens a post over the profile, moves through my posts and gives focus back to its tile', async () => {
    const me = await registerSession();
    const a = await createPostByApi(me, 'Bardenas Reales al amanecer');
    const b = await createPostByApi(me, 'Castillo de Javier');
    const someoneElse = await registerSession();
    await createPostByApi(someoneElse, 'Este no es mío');
    for (const phone of [false, true]) {
      const { context, page, errors } = await open('/perfil?tab=muro', me, phone);
      const grid = page.locator('section[aria-label="Mi muro"] ul > li > a');
      await tileOf(page, b).waitFor();
      expect(await grid.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
        `/muro/${b.url}`,
        `/muro/${a.url}`,
      ]);
      await page.getByText('Ya lo has visto todo. ¡Vuelve pronto!').waitFor();

      await tileOf(page, b).click();
      const dialog = postModal(page, me.username);
      await dialog.getByText('Castillo de Javier').waitFor();
      await dialog.getByRole('button', { name: 'Post siguiente' }).click();
      await dialog.getByText('Bardenas Reales al amanecer').waitFor();
      // The end of my posts: nothing after the oldest one (disabled; hidden on a desktop).
      expect(
        await dialog.getByRole('button', { name: 'Post siguiente', includeHidden: true }).isDisabled(),
      ).toBe(true);
      // The profile keeps its address while a post is open over it.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/perfil?tab=muro');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await focused(page)).href).toBe(`/muro/${a.url}`);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/perfil?tab=muro');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('publishes from the tab, the new post first; deletes from the post menu; a new user sees the empty state', async () => {
    const me = await registerSession();
    const { context, page, errors } = await open('/perfil?tab=muro', me);
    await page.getByText('Todavía no hay posts', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Nueva publicación' }).click();
    const composer = page.getByRole('dialog', { name: 'Nueva publicación' });
    await composer
      .locator('input[type=file]')
      .setInputFiles({ name: 'javier.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(800, 600) });
    await composer.getByRole('img', { name: 'Vista previa de la foto elegida' }).waitFor();
    await composer.getByRole('textbox', { name: /^Texto/ }).fill('Primera foto desde mi perfil');
    const createdAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/post/create');
    await composer.getByRole('button', { name: 'Publicar' }).click();
    const post = (await (await createdAnswer).json()).data as WallPost;
    await composer.waitFor({ state: 'detached' });
    await tileOf(page, post).waitFor();
    expect(await page.getByText('Todavía no hay posts', { exact: true }).count()).toBe(0);

    await tileOf(page, post).click();
    const dialog = postModal(page, me.username);
    await dialog.getByRole('button', { name: 'Opciones del post' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar post' }).click();
    await page.getByRole('dialog', { name: 'Aviso' }).getByRole('button', { name: 'Aceptar' }).click();
    await expectToast(page, 'ok', MSG.postDeleted);
    await dialog.waitFor({ state: 'detached' });
    await tileOf(page, post).waitFor({ state: 'detached' });
    await page.getByText('Todavía no hay posts', { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=muro');
    expect(errors).toEqual([]);
    await context.close();
  });
});
