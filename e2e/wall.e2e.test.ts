import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { launchBrowser } from './browser';
import { appUnderTest, ownAppForFile } from './app-under-test';
import { apiAs, createPostByApi, expectToast, openAs, registerSession, testPhoto } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
ownAppForFile();

const SITE = 'nómadas.tv';

/** The grid's tiles, in the order shown. */
const tiles = (page: Page) => page.locator('section[aria-labelledby="muro-posts"] ul > li > a');
const tileOf = (page: Page, post: WallPost) =>
  page.locator(`section[aria-labelledby="muro-posts"] a[href="/muro/${post.url}"]`);
const tileHrefs = (page: Page) =>
  tiles(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
const postModal = (page: Page, author: string) => page.getByRole('dialog', { name: `Post de ${author}` });

/** Opens `path` as `session` (a returning visitor without one), recording the page's uncaught errors. */
const open = (path: string, options: Parameters<typeof openAs>[2] = {}) => openAs(browser, path, options);

/** The tab title is set in an effect just after the render it belongs to. */
const titleIs = (page: Page, title: string) =>
  page.waitForFunction((expected) => document.title === expected, title, { timeout: 5000 });

/** Where the phone is when the composer offers places: the Bardenas Reales. */
const BARDENAS = { latitude: 42.1934, longitude: -1.4996 };

/** The same tag in every post of one test and in no other test's. */
const uniqueTag = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('the wall in the browser', () => {
  it('shows a visitor the five newest posts and, once scrolled, invites them to register', async () => {
    const author = await registerSession();
    const seeded: WallPost[] = [];
    for (let i = 1; i <= 7; i++)
      seeded.push(await createPostByApi(author, `Parada ${i} por la costa cántabra`));
    const newestFive = seeded
      .slice(-5)
      .reverse()
      .map((post) => `/muro/${post.url}`);

    const pageRequests: string[] = [];
    const { context, page, errors } = await open('/muro', {
      init: (p) =>
        p.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/posts') pageRequests.push(request.url());
        }),
    });
    await tiles(page).nth(4).waitFor();
    expect(await tileHrefs(page)).toEqual(newestFive);

    await page.mouse.wheel(0, 5000);
    await page.getByRole('heading', { name: 'Hay muchos más posts esperándote' }).waitFor();
    const popup = page.getByRole('dialog', { name: '¡Únete a la comunidad!' });
    await popup.getByText(MSG.visitorMorePosts, { exact: true }).waitFor();
    await popup.getByRole('button', { name: 'Ir al registro' }).waitFor();

    // The first page came with the HTML, and two seconds of a scrolled wall later no page was asked for.
    expect(await tiles(page).count()).toBe(5);
    expect(pageRequests).toEqual([]);
    // Nor would the server give one to a visitor.
    const next = await fetch(`${appUnderTest().baseUrl}/api/posts?1&n=5&l=12`);
    expect((await next.json()).data).toMatchObject({ data: [], fin: 1 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('publishes a photo from the composer, then likes, comments, replies, edits and deletes it', async () => {
    const me = await registerSession();
    const friend = await registerSession();
    const tag = uniqueTag('catedrales');
    const text = `Amanecer en la playa de As Catedrais #${tag} con @${friend.username}`;
    const { context, page, errors } = await open('/muro', { session: me });
    await tiles(page).first().or(page.getByText('Todavía no hay posts en el muro.')).waitFor();

    // ---- publish
    await page.getByRole('button', { name: 'Nueva publicación' }).click();
    const composer = page.getByRole('dialog', { name: 'Nueva publicación' });
    await composer
      .locator('input[type=file]')
      .setInputFiles({ name: 'catedrais.jpg', mimeType: 'image/jpeg', buffer: await testPhoto(1200, 900) });
    await composer.getByRole('img', { name: 'Vista previa de la foto elegida' }).waitFor();
    await composer.getByRole('textbox', { name: /^Texto/ }).fill(text);
    const createdAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/post/create');
    await composer.getByRole('button', { name: 'Publicar' }).click();
    const post = (await (await createdAnswer).json()).data as WallPost;
    expect(post).toMatchObject({ username: me.username, mediatext: text, likes: 0, comentarios: 0 });
    await expectToast(page, 'ok', MSG.postCreated);
    await composer.waitFor({ state: 'detached' });
    const firstIsMine = tiles(page).first().and(tileOf(page, post));
    await firstIsMine.waitFor();
    // First for the server too, not only in this screen's memory.
    await page.reload();
    await firstIsMine.waitFor();

    // ---- like: shown at once, pending until the server's answer (issue #31)
    await firstIsMine.click();
    await page.waitForURL(`**/muro/${post.url}`);
    const dialog = postModal(page, me.username);
    await dialog.getByText('Amanecer en la playa de As Catedrais').waitFor();
    const like = dialog.getByRole('button', { name: /^\d+ me gusta$/ });
    const likeCount = like.locator('span[aria-hidden="true"]');
    expect(await likeCount.innerText()).toBe('0');
    expect(await like.getAttribute('aria-pressed')).toBe('false');

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let serverAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (serverAnswered = resolve));
    await page.route('**/api/like/post/**', async (route) => {
      const response = await route.fetch();
      serverAnswered();
      await released;
      await route.fulfill({ response });
    });
    await like.click();
    await answered;
    // The server has counted it; the screen shows it already, marked pending until the answer arrives.
    const pendingLike = dialog.getByRole('button', { name: '1 me gusta, pendiente', exact: true });
    expect(await pendingLike.getAttribute('aria-pressed')).toBe('true');
    release();
    await dialog.getByRole('button', { name: '1 me gusta', exact: true }).waitFor();
    expect(await likeCount.innerText()).toBe('1');
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    await page.unrouteAll();

    // ---- comment and reply
    const box = dialog.getByRole('textbox', { name: 'Tu comentario' });
    const commentText = 'Qué luz tan bonita a esa hora';
    await box.fill(commentText);
    await box.press('Enter');
    const comment = dialog.locator('li article', { hasText: commentText });
    await comment.waitFor();
    await dialog.getByRole('button', { name: 'Comentar, 1 comentario' }).waitFor();
    expect(await box.inputValue()).toBe('');

    await comment.getByRole('button', { name: 'Responder' }).click();
    await dialog.getByText(`Respondiendo a ${me.username}`).waitFor();
    const replyText = 'Y sin nadie en la arena';
    await box.fill(replyText);
    await box.press('Enter');
    const reply = dialog.locator('li li article', { hasText: replyText });
    await reply.waitFor();
    await dialog.getByRole('button', { name: 'Comentar, 2 comentarios' }).waitFor();

    // ---- the replies fold and unfold
    await dialog.getByRole('button', { name: 'Ocultar las respuestas' }).click();
    await reply.waitFor({ state: 'detached' });
    const showReplies = dialog.getByRole('button', { name: 'Ver las respuestas (1)' });
    expect(await showReplies.getAttribute('aria-expanded')).toBe('false');
    await showReplies.click();
    await reply.waitFor();
    await dialog.getByRole('button', { name: 'Ocultar las respuestas' }).waitFor();

    // ---- edit: the counter follows the text; over 500 is refused without asking the server
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/update/post/')) updates.push(request.url());
    });
    await dialog.getByRole('button', { name: 'Opciones del post' }).click();
    await page.getByRole('menuitem', { name: 'Editar post' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar post' });
    const field = edit.getByRole('textbox', { name: 'Texto del post' });
    const counter = edit.getByText(/^\d+ \/ 500$/);
    expect(await field.inputValue()).toBe(text);
    expect(await counter.innerText()).toBe(`${[...text].length} / 500`);
    const normalColour = await counter.evaluate((element) => getComputedStyle(element).color);

    await field.fill('x'.repeat(501));
    await edit.getByText('501 / 500', { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await edit.getByRole('alert').filter({ hasText: MSG.postTextTooLong }).waitFor({ state: 'attached' });
    expect(await counter.evaluate((element) => getComputedStyle(element).color)).not.toBe(normalColour);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expectToast(page, 'ko', MSG.postTextTooLong);
    expect(updates).toEqual([]);

    const edited = `Editado: atardecer en Ribadeo 🌅 #${tag}`;
    await field.fill(edited);
    // The emoji counts as one character.
    await edit.getByText(`${edited.length - 1} / 500`, { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    const saved = page.waitForResponse((r) => r.url().includes(`/api/update/post/${post.url}`));
    await edit.getByRole('button', { name: 'Guardar' }).click();
    expect((await saved).ok()).toBe(true);
    await expectToast(page, 'ok', 'Post modificado con éxito');
    await edit.waitFor({ state: 'detached' });
    await dialog.getByText('Editado: atardecer en Ribadeo 🌅').waitFor();

    // ---- delete, after the confirmation
    await dialog.getByRole('button', { name: 'Opciones del post' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aviso' });
    await confirm.getByText('¿Estás seguro de querer borrar el post?', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Aceptar' }).click();
    await expectToast(page, 'ok', 'Post eliminado con éxito');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/muro');
    await tileOf(page, post).waitFor({ state: 'detached' });
    expect((await fetch(`${appUnderTest().baseUrl}/api/post/${post.url}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves through the grid in the post modal with the buttons and the arrow keys', async () => {
    const author = await registerSession();
    // Oldest first; the wall shows them newest first: c, b, a, filler.
    await createPostByApi(author, 'Parada técnica en Teruel');
    const a = await createPostByApi(author, 'Primera parada: Albarracín');
    const b = await createPostByApi(author, 'Segunda parada: Cuenca');
    const c = await createPostByApi(author, 'Tercera parada: Sigüenza');
    const { context, page, errors } = await open('/muro', { session: author });
    expect(await page.getByRole('button', { name: 'Cuadrícula' }).getAttribute('aria-pressed')).toBe('true');
    const dialog = postModal(page, author.username);
    const showing = async (post: WallPost) => {
      await page.waitForURL((url) => url.pathname === `/muro/${post.url}`);
      await dialog.getByText(post.mediatext, { exact: true }).waitFor();
    };

    await tileOf(page, b).click();
    await showing(b);
    await titleIs(page, `${author.username} - ${SITE}`);
    await page.keyboard.press('ArrowRight');
    await showing(a);
    await page.keyboard.press('ArrowLeft');
    await showing(b);
    // Focus on a post's own button goes with the post when the next one swaps in: the keys still move after.
    await dialog.getByRole('button', { name: /^\d+ me gusta$/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await showing(c);
    await page.keyboard.press('ArrowRight');
    await showing(b);
    await page.keyboard.press('ArrowLeft');
    await showing(c);
    // c is the newest post of the wall: nothing before it (the button is disabled, and hidden on desktop).
    const previous = dialog.getByRole('button', { name: 'Post anterior', includeHidden: true });
    expect(await previous.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Post siguiente' }).click();
    await showing(b);
    await dialog.getByRole('button', { name: 'Post siguiente' }).click();
    await showing(a);
    await dialog.getByRole('button', { name: 'Post anterior' }).click();
    await showing(b);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/muro');
    await titleIs(page, `Muro - ${SITE}`);

    await tileOf(page, a).click();
    await showing(a);
    await dialog.getByRole('button', { name: 'Cerrar el post' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/muro');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a shared post link its own title and link preview', async () => {
    const author = await registerSession();
    const text = `Noche de estrellas en Gredos #${uniqueTag('astro')}`;
    const post = await createPostByApi(author, text);
    const baseUrl = appUnderTest().baseUrl;

    const html = await (await fetch(`${baseUrl}/muro/${post.url}`)).text();
    expect(html).toContain(`<title>${author.username} - ${SITE}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${author.username} - ${SITE}">`);
    expect(html).toContain(`<meta property="og:image" content="${baseUrl}${post.mediaJpeg}">`);
    expect(html).toContain(`<meta property="og:description" content="${text}">`);
    const image = await fetch(`${baseUrl}${post.mediaJpeg}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // A visitor following the link: the post opens over the wall, the tab says whose it is.
    const { context, page, errors } = await open(`/muro/${post.url}`);
    const dialog = postModal(page, author.username);
    await dialog.getByText('Noche de estrellas en Gredos').waitFor();
    // The app's format; it says 'Muro' while the post loads (opened from the grid, the next test checks it too).
    await titleIs(page, `${author.username} - ${SITE}`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(text);

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/muro');
    await dialog.waitFor({ state: 'detached' });
    await titleIs(page, `Muro - ${SITE}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers «Reintentar» when a shared post could not be loaded, and shows it once the network is back', async () => {
    const author = await registerSession();
    const post = await createPostByApi(author, `Lagos de Saliencia #${uniqueTag('lagos')}`);
    const postCall = new RegExp(`/api/post/${post.url}$`);
    const { context, page, errors } = await open(`/muro/${post.url}`, {
      init: async (p) => {
        // The wall behind leaves the post out, so the modal reads it alone; and that read gets no answer.
        await p.route(/\/api\/posts\?/, async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: { data: WallPost[] } };
          body.data.data = body.data.data.filter((item) => item.url !== post.url);
          await route.fulfill({ response, json: body });
        });
        await p.route(postCall, (route) => route.abort('internetdisconnected'));
      },
    });
    const failed = page.getByRole('dialog', {
      name: 'No hemos podido cargar el post. Comprueba tu conexión.',
    });
    await failed.getByRole('button', { name: 'Reintentar' }).waitFor();

    await page.unroute(postCall);
    await failed.getByRole('button', { name: 'Reintentar' }).click();
    await postModal(page, author.username).getByText('Lagos de Saliencia').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a deleted post opens with the not-found illustration and a way back to the wall', async () => {
    const author = await registerSession();
    const post = await createPostByApi(author, 'Se borrará enseguida');
    await apiAs(author, 'POST', `/delete/post/${post.url}`);
    const { context, page, errors } = await open(`/muro/${post.url}`, { phone: true });
    const gone = page.getByRole('dialog', { name: 'Este post ya no está disponible.' });
    await gone.getByRole('img', { name: /señal de fin de carretera con el número 404/ }).waitFor();
    await gone.getByRole('button', { name: 'Volver al muro' }).click();
    await page.waitForURL((url) => url.pathname === '/muro');
    await gone.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists a hashtag's posts on /tags and links hashtags and mentions in post text", async () => {
    const author = await registerSession();
    const friend = await registerSession();
    const tag = uniqueTag('Galicia');
    const lower = tag.toLowerCase();
    const a = await createPostByApi(author, `Faro de Fisterra #${tag} con @${friend.username}`);
    const b = await createPostByApi(author, `Playa de Rodas, islas Cíes #${lower}`);
    const untagged = await createPostByApi(author, 'Mercado de abastos de Santiago');
    const { context, page, errors } = await open(`/muro/${a.url}`, { session: author });
    const dialog = postModal(page, author.username);
    const tagLink = dialog.getByRole('link', { name: `#${tag}`, exact: true });
    const mention = dialog.getByRole('link', { name: `@${friend.username}`, exact: true });
    await tagLink.waitFor();
    expect(await tagLink.getAttribute('href')).toBe(`/tags/${lower}`);
    expect(await mention.getAttribute('href')).toBe(`/perfil/${friend.username}`);

    await tagLink.click();
    await page.waitForURL((url) => url.pathname === `/tags/${lower}`);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: `#${lower}` }).waitFor();
    await titleIs(page, `#${lower} - ${SITE}`);
    await page.getByText('Ya lo has visto todo. ¡Vuelve pronto!').waitFor();
    expect(await tileHrefs(page)).toEqual([`/muro/${b.url}`, `/muro/${a.url}`]);
    expect(await tileOf(page, untagged).count()).toBe(0);

    // In the feed the same text links: the mention goes to the friend's profile.
    await page.getByRole('button', { name: 'Lista' }).click();
    const cards = page.locator('section[aria-labelledby="muro-posts"] article[aria-label]');
    await cards.nth(1).waitFor();
    expect(await cards.count()).toBe(2);
    expect(
      await cards
        .nth(1)
        .getByRole('link', { name: `#${tag}` })
        .getAttribute('href'),
    ).toBe(`/tags/${lower}`);
    expect(
      await cards
        .nth(0)
        .getByRole('link', { name: `#${lower}` })
        .getAttribute('href'),
    ).toBe(`/tags/${lower}`);
    await cards
      .nth(1)
      .getByRole('link', { name: `@${friend.username}` })
      .click();
    await page.waitForURL((url) => url.pathname === `/perfil/${friend.username}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('closes a post opened on /tags when one of its hashtags leads to another tag', async () => {
    const author = await registerSession();
    const first = uniqueTag('Rias').toLowerCase();
    const second = uniqueTag('Cies').toLowerCase();
    await createPostByApi(author, `Ría de Arousa #${first} #${second}`);
    const { context, page, errors } = await open(`/tags/${first}`, { session: author });
    await page.locator(`a[href^="/muro/"]`).first().click();
    const dialog = postModal(page, author.username);
    await dialog.getByRole('link', { name: `#${second}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/tags/${second}`);
    await page.getByRole('heading', { level: 1, name: `#${second}` }).waitFor();
    // Once the new tag's list has loaded, nothing of the old one is left open over it.
    await page.getByText('Ya lo has visto todo. ¡Vuelve pronto!').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone: grid, feed and the floating button that opens the composer', async () => {
    const me = await registerSession();
    // Three posts fill the grid's first row, this test's own or not.
    await createPostByApi(me, 'Atardecer en el desierto');
    await createPostByApi(me, 'Cena junto a la furgo');
    const post = await createPostByApi(me, 'Desde el móvil: aparcados en las Bardenas');
    // A place with a long name where the phone is, public once three other travellers confirm it.
    const { urlpoint } = await apiAs<{ urlpoint: string }>(me, 'POST', '/map/location', {
      kind: 'default',
      name: 'Parking de autocaravanas de las Bardenas Reales junto al centro de visitantes',
      lat: BARDENAS.latitude,
      lng: BARDENAS.longitude,
    });
    const confirmers = await Promise.all([registerSession(), registerSession(), registerSession()]);
    for (const other of confirmers) await apiAs(other, 'POST', `/map/location/${urlpoint}/confirm`);
    const { context, page, errors } = await open('/muro', {
      session: me,
      phone: true,
      init: async (p) => {
        await p.context().grantPermissions(['geolocation'], { origin: appUnderTest().baseUrl });
        await p.context().setGeolocation(BARDENAS);
      },
    });
    const viewport = page.viewportSize()!;
    expect(viewport).toEqual({ width: 390, height: 844 });

    // Grid: three square tiles a row, the newest first, inside the screen.
    await tiles(page).first().and(tileOf(page, post)).waitFor();
    await tiles(page).nth(2).waitFor();
    // Measured in one pass: three separate reads straddle a layout change on a loaded machine.
    const boxes = await tiles(page).evaluateAll((found) =>
      found.slice(0, 3).map((tile) => tile.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(boxes[1]!.y).toBeCloseTo(boxes[0]!.y, 0);
    expect(boxes[2]!.y).toBeCloseTo(boxes[0]!.y, 0);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[2]!.x + boxes[2]!.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(boxes[0]!.width).toBeGreaterThan(100);

    // Feed: the whole post, as wide as the screen allows.
    await page.getByRole('button', { name: 'Lista' }).click();
    const card = page.locator('section[aria-labelledby="muro-posts"] article[aria-label]').first();
    await card.getByText('Desde el móvil: aparcados en las Bardenas').waitFor();
    const photo = card.getByRole('img', { name: 'Desde el móvil: aparcados en las Bardenas' });
    await photo.waitFor();
    const photoBox = (await photo.boundingBox())!;
    expect(photoBox.x).toBeGreaterThanOrEqual(0);
    expect(photoBox.x + photoBox.width).toBeLessThanOrEqual(viewport.width);
    expect(photoBox.width).toBeGreaterThan(300);

    // The floating button stays at the bottom of the screen and opens the composer.
    const fab = page.getByRole('button', { name: 'Nueva publicación' });
    expect(await fab.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    const fabBox = (await fab.boundingBox())!;
    expect(fabBox.y + fabBox.height).toBeGreaterThan(viewport.height - 60);
    expect(fabBox.x + fabBox.width).toBeGreaterThan(viewport.width - 60);
    await fab.click();
    const composer = page.getByRole('dialog', { name: 'Nueva publicación' });
    await composer.getByText(`Publicas como @${me.username}`).waitFor();
    await composer.getByRole('button', { name: 'Publicar' }).waitFor();
    expect(await composer.locator('input[type=file]').getAttribute('accept')).toBe('image/*');

    // Choosing the place: its chip is cut with an ellipsis, the sheet stays as wide as the screen.
    await composer.getByRole('button', { name: 'Añadir lugar' }).click();
    await composer.getByRole('button', { name: /^Parking de autocaravanas de las Bardenas/ }).click();
    const chip = composer.getByText(/^Lugar: Parking de autocaravanas de las Bardenas/);
    await chip.waitFor();
    const edges = await composer.evaluate((dialog) => {
      const right = (element: Element | null) => element!.getBoundingClientRect().right;
      return {
        dialog: right(dialog),
        // The widest of the form's fields (the photo, the text, the place): none wider than the form.
        fields: Math.max(...Array.from(dialog.querySelector('fieldset')!.children, right)),
        form: right(dialog.querySelector('form')),
        page: document.documentElement.scrollWidth,
      };
    });
    expect(edges.dialog).toBeLessThanOrEqual(viewport.width);
    expect(edges.fields).toBeLessThanOrEqual(edges.form);
    expect(edges.page).toBeLessThanOrEqual(viewport.width);
    const chipBox = (await chip.boundingBox())!;
    expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(edges.fields);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Siguiendo' lists only the people I follow, and is remembered", async () => {
    const [me, followed, other] = await Promise.all([
      registerSession(),
      registerSession(),
      registerSession(),
    ]);
    await apiAs(me, 'POST', `/follow/user/${followed.username}`);
    const theirs = await createPostByApi(followed, 'Ruta por las Hoces del Duratón');
    await createPostByApi(other, 'Un post de alguien a quien no sigo');
    const { context, page, errors } = await open('/muro', { session: me });
    const following = page
      .getByRole('group', { name: 'Posts de' })
      .getByRole('button', { name: 'Siguiendo' });
    await tiles(page).nth(1).waitFor();
    await following.click();
    await expect.poll(() => tileHrefs(page)).toEqual([`/muro/${theirs.url}`]);
    await page.reload();
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => tileHrefs(page)).toEqual([`/muro/${theirs.url}`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a visitor's invitation waits for the fifth post, and for the chat to close; registering comes first", async () => {
    const author = await registerSession();
    for (let i = 1; i <= 5; i++) await createPostByApi(author, `Etapa ${i} del Camino del Norte`);
    const { context, page, errors } = await open('/muro', {
      phone: true,
      // The list (feed): one post a screen, so the fifth is well below the first screen.
      init: (p) => p.addInitScript(() => localStorage.setItem('muro_vista', '2')),
    });
    const cards = page.locator('section[aria-labelledby="muro-posts"] article[aria-label]');
    await cards.nth(4).waitFor();
    const invitation = page.getByRole('dialog', { name: '¡Únete a la comunidad!' });
    // Longer than the 2 s the invitation waits once the fifth post is reached: it has not been.
    await page.waitForTimeout(2_500);
    expect(await invitation.count()).toBe(0);

    await page.locator('header').getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('dialog', { name: SITE });
    await chat.waitFor();
    await cards.nth(4).evaluate((card) => card.scrollIntoView());
    await page.waitForTimeout(2_500);
    expect(await invitation.count()).toBe(0);

    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'detached' });
    const buttons = invitation.getByRole('button');
    await buttons.first().waitFor();
    // Then the modal's own close button (an icon).
    expect((await buttons.allTextContents()).slice(0, 3)).toEqual([
      'Ir al registro',
      'Iniciar sesión',
      'Cerrar',
    ]);
    expect(await buttons.first().getAttribute('class')).toContain('btn-primary');
    expect(errors).toEqual([]);
    await context.close();
  });
});
