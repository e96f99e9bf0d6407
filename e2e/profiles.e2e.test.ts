import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { axeViolations, createPostByApi, openAs, registerSession, type ApiSession } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SITE = 'nómadas.tv';

/** Opens `path` as `session` (a returning visitor without one), recording the page's uncaught errors. */
const open = (path: string, options: Parameters<typeof openAs>[2] = {}) => openAs(browser, path, options);

async function followByApi(from: ApiSession, to: ApiSession) {
  const answer = await fetch(`${inject('baseUrl')}/api/follow/user/${to.username}`, {
    method: 'POST',
    headers: { 'API-TOKEN': from.token },
  });
  expect(answer.status).toBe(200);
}

const profileHeading = (page: Page, username: string) =>
  page.getByRole('heading', { level: 1, name: username });
const followButton = (scope: Page | Locator, username: string) =>
  scope.getByRole('button', { name: new RegExp(`^(Seguir|Dejar de seguir) a ${username}$`) });
/** The profile header's count of followers ("3 seguidores"). */
const followersCount = (page: Page) => page.getByRole('button', { name: /^\d+ seguidor(es)?$/ });

/** Waits for the button to read `label` ('Seguir' / 'Dejar de seguir') with no call pending. */
async function expectFollowLabel(button: Locator, label: 'Seguir' | 'Dejar de seguir') {
  await expect.poll(() => button.textContent(), { timeout: 10_000 }).toBe(label);
  await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
}

describe('profiles in the browser', () => {
  it("follows from 'Otros muros' and from the profile, the flag flipping in both", async () => {
    const me = await registerSession();
    const author = await registerSession();
    const post = await createPostByApi(author, 'Amanecer en la Ribeira Sacra');
    const { context, page, errors } = await open('/muro', { session: me });

    const others = page.getByRole('region', { name: 'Otros muros' });
    const sideButton = followButton(others, author.username);
    await expectFollowLabel(sideButton, 'Seguir');
    await sideButton.click();
    // Pending at once: busy and not clickable again until the server has answered.
    await expect.poll(() => sideButton.getAttribute('aria-busy')).toBe('true');
    await expectFollowLabel(sideButton, 'Dejar de seguir');

    // The author's post menu says the same at once.
    await page.locator(`section[aria-labelledby="muro-posts"] a[href="/muro/${post.url}"]`).click();
    const modal = page.getByRole('dialog', { name: `Post de ${author.username}` });
    await modal.getByRole('button', { name: 'Opciones del post' }).click();
    await page.getByRole('menuitem', { name: 'Dejar de seguir' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    await others.getByRole('link', { name: author.username }).click();
    await profileHeading(page, author.username).waitFor();
    expect(page.url()).toBe(`${inject('baseUrl')}/perfil/${author.username}`);
    const profileButton = followButton(page.locator('main'), author.username);
    await expectFollowLabel(profileButton, 'Dejar de seguir');
    await expect.poll(() => followersCount(page).textContent()).toBe('1 seguidor');

    await profileButton.click();
    await expectFollowLabel(profileButton, 'Seguir');
    await expect.poll(() => followersCount(page).textContent()).toBe('0 seguidores');

    // Back on the wall, 'Otros muros' shows the same flag without a reload.
    await page.goBack();
    await expectFollowLabel(followButton(others, author.username), 'Seguir');
    const follows = await fetch(`${inject('baseUrl')}/api/perfil/${author.username}`, {
      headers: { 'API-TOKEN': me.token },
    }).then((r) => r.json());
    expect(follows.data).toMatchObject({ follow: 0, counts: { followers: 0 } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the friendship once both follow each other, and the lists with my flags', async () => {
    const ana = await registerSession();
    const blas = await registerSession();
    const fan = await registerSession();
    await followByApi(ana, blas);
    await followByApi(fan, ana);
    const { context, page, errors } = await open(`/perfil/${ana.username}`, { session: blas });
    await profileHeading(page, ana.username).waitFor();
    expect(await page.getByText('Amigos', { exact: true }).count()).toBe(0);

    await followButton(page.locator('main'), ana.username).click();
    await page.getByText('Amigos', { exact: true }).waitFor();
    await expectFollowLabel(followButton(page.locator('main'), ana.username), 'Dejar de seguir');

    // Her followers: the fan (whom I do not follow) and me.
    await followersCount(page).click();
    const dialog = page.getByRole('dialog', { name: ana.username });
    const followers = dialog.getByRole('tabpanel');
    await followers.getByRole('link', { name: fan.username }).waitFor();
    expect(await dialog.getByRole('tab', { name: /Seguidores/ }).getAttribute('aria-selected')).toBe('true');
    await expectFollowLabel(followButton(followers, fan.username), 'Seguir');
    expect(await followers.getByText('Tú', { exact: true }).count()).toBe(1);
    // The tabs work by keyboard: the arrow moves to 'Siguiendo', where she follows me.
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('tab', { name: /Siguiendo/ }).getAttribute('aria-selected')).toBe('true');
    await followers.getByRole('link', { name: blas.username }).waitFor();

    // A person in the list opens their profile.
    await page.keyboard.press('ArrowLeft');
    await followers.getByRole('link', { name: fan.username }).click();
    await profileHeading(page, fan.username).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // She sees the friendship too.
    const hers = await open(`/perfil/${blas.username}`, { session: ana });
    await profileHeading(hers.page, blas.username).waitFor();
    await hers.page.getByText('Amigos', { exact: true }).waitFor();
    const friends = await fetch(`${inject('baseUrl')}/api/friends`, { headers: { 'API-TOKEN': ana.token } });
    expect((await friends.json()).data).toEqual([{ username: blas.username, img: '' }]);
    expect([...errors, ...hers.errors]).toEqual([]);
    await hers.context.close();
    await context.close();
  });

  it('shows a visitor the profile and its lists, and asks them to log in to follow', async () => {
    const author = await registerSession();
    const fan = await registerSession();
    await followByApi(fan, author);
    await createPostByApi(author, 'Noche en el área de Potes');
    const { context, page, errors } = await open(`/perfil/${author.username}`);
    await profileHeading(page, author.username).waitFor();
    await page.locator(`main a[href^="/muro/"]`).first().waitFor();

    await followButton(page.locator('main'), author.username).click();
    const popup = page.getByRole('dialog', { name: '¡Únete a la comunidad!' });
    await popup.getByText('Para poder seguir a otros nómadas necesitas estar registrado').waitFor();
    await popup.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    await followersCount(page).click();
    await page
      .getByRole('dialog', { name: author.username })
      .getByRole('link', { name: fan.username })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown profile with its own 404 page', async () => {
    const { context, page } = await open('/perfil/nadie_se_llama_asi_e2e');
    await page.getByRole('heading', { level: 1, name: 'Este perfil no existe' }).waitFor();
    await page.waitForFunction((title) => document.title === title, `Perfil no encontrado - ${SITE}`);
    const response = await page.reload();
    expect(response?.status()).toBe(404);
    await page.getByRole('link', { name: 'Ver el muro' }).waitFor();
    await context.close();
  });

  it('shares a profile link with its own title and description', async () => {
    const author = await registerSession();
    const html = await fetch(`${inject('baseUrl')}/perfil/${author.username}`).then((r) => r.text());
    expect(html).toContain(`<title>${author.username} - ${SITE}</title>`);
    expect(html).toContain(`<meta name="description" content="Perfil de ${author.username} en ${SITE}`);
    expect(html).toContain(`<meta property="og:url" content="`);

    const { context, page } = await open(`/perfil/${author.username}`);
    await profileHeading(page, author.username).waitFor();
    await page.waitForFunction((title) => document.title === title, `${author.username} - ${SITE}`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toBe(
      `Perfil de ${author.username} en ${SITE}: sus fotos, sus seguidores y los nómadas a los que sigue.`,
    );
    await context.close();
  });

  it('fits a phone: no sideways scroll, 44 px targets, the lists as a sheet that axe finds clean', async () => {
    const me = await registerSession();
    const author = await registerSession();
    await createPostByApi(author, 'Cabo de Gata desde la furgo');
    await followByApi(author, me);
    // As the a11y suite opens it, ready for axe.
    const { context, page, errors } = await open(`/perfil/${author.username}`, {
      session: me,
      phone: true,
      axe: true,
    });
    await profileHeading(page, author.username).waitFor();
    await page.locator(`main a[href^="/muro/"]`).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of [new RegExp(`^Seguir a ${author.username}$`), /^Enviar mensaje a /]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    await page.getByRole('button', { name: /siguiendo$/ }).click();
    const dialog = page.getByRole('dialog', { name: author.username });
    await dialog.getByRole('link', { name: me.username }).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
