import type { Browser, Page, Response } from 'playwright-core';
import { MSG, VIDEO_UPLOAD_PATH } from '@nomadas/shared';
import type { Channel } from '@nomadas/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { createChannel, makeClip, uploadVideo, videoReady } from './channels-support';
import { apiAs, expectToast, openAs, registerSession, type ApiSession } from './support';

// Video channels (#10): subscribing from a channel, playing a video and seeking it (range requests), uploading
// from the profile's canal tab through a dropped connection, and /subscribe/{canal} for a visitor who logs in.

let browser: Browser;
let clip: Awaited<ReturnType<typeof makeClip>>;
beforeAll(async () => {
  [browser, clip] = await Promise.all([launchBrowser(), makeClip()]);
});
afterAll(async () => {
  await browser?.close();
  await clip?.remove();
});

/** A new user with a channel of their own. */
async function channelOwner(): Promise<{ owner: ApiSession; canal: Channel }> {
  const owner = await registerSession();
  return { owner, canal: await createChannel(owner) };
}

const subscribeButton = (page: Page) => page.getByRole('button', { name: /^(Suscribirme|Suscrito)/ });

describe('channels', () => {
  it('subscribes from the channel page: the button and count change and survive a reload', async () => {
    const [{ canal }, viewer] = await Promise.all([channelOwner(), registerSession()]);
    const { context, page, errors } = await openAs(browser, `/canales/${canal.url}`, {
      session: viewer,
      phone: true,
    });
    try {
      await page.getByRole('heading', { level: 1, name: canal.nombre }).waitFor();
      const button = subscribeButton(page);
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => button.innerText()).toMatch(/Suscribirme\s*0/);

      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => button.innerText()).toMatch(/Suscrito\s*1/);
      await page.getByText('1 suscriptor ·').waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: canal.nombre }).waitFor();
      await expect.poll(() => subscribeButton(page).getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => subscribeButton(page).innerText()).toMatch(/Suscrito\s*1/);
      expect((await apiAs<{ canal: Channel }>(viewer, 'GET', `/canales/${canal.url}`)).canal).toMatchObject({
        subscribed: true,
        subs: 1,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks a visitor to log in on subscribe, and /subscribe/{canal} completes once they have', async () => {
    const [{ canal }, viewer] = await Promise.all([channelOwner(), registerSession()]);
    const asked: string[] = [];
    const { context, page, errors } = await openAs(browser, `/canales/${canal.url}`, {
      init: (p) => p.on('request', (request) => asked.push(new URL(request.url()).pathname)),
    });
    try {
      await page.getByRole('heading', { level: 1, name: canal.nombre }).waitFor();
      // A visitor's channel paints from the first page its HTML carries, without asking the API for it.
      expect(asked).not.toContain(`/api/canales/${canal.url}`);
      await subscribeButton(page).click();
      const popup = page.getByRole('dialog', { name: '¡Únete a la comunidad!' });
      await popup.getByText('Para suscribirte a un canal necesitas estar registrado').waitFor();
      await popup.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(`/subscribe/${canal.url}`);
      await page.getByRole('heading', { level: 1, name: 'Suscríbete a este canal' }).waitFor();
      // The page opens the same invitation; closed, it leaves the page's own buttons.
      const invitation = page.getByRole('dialog').filter({ hasText: 'Para suscribirte a un canal' });
      await invitation.waitFor();
      await page.keyboard.press('Escape');
      await invitation.waitFor({ state: 'hidden' });
      await page.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
      const login = page.getByRole('dialog', { name: 'Iniciar sesión' });
      await login.getByLabel('Usuario o email').fill(viewer.username);
      await login.getByLabel('Contraseña', { exact: true }).fill('ruta-de-la-plata');
      await login.getByRole('button', { name: 'Entrar' }).click();

      await page.waitForURL(`**/canales/${canal.url}`);
      await expectToast(page, 'ok', `Te has suscrito a ${canal.nombre}`);
      await expect.poll(() => subscribeButton(page).getAttribute('aria-pressed')).toBe('true');
      expect((await apiAs<{ canal: Channel }>(viewer, 'GET', `/canales/${canal.url}`)).canal.subs).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('plays a video (the element reaches playing), counts the view and seeks with range requests', async () => {
    const { owner, canal } = await channelOwner();
    const name = await uploadVideo(owner, clip.file, 'Amanecer en Somiedo');
    await videoReady(owner, name);

    const media: Response[] = [];
    const { context, page, errors } = await openAs(browser, `/canales/${canal.url}/${name}`, {
      init: (p) => p.on('response', (response) => response.url().includes('.mp4') && media.push(response)),
    });
    try {
      await page.getByRole('heading', { level: 1, name: 'Amanecer en Somiedo' }).waitFor();
      const video = page.locator('video');
      expect(await video.getAttribute('poster')).toMatch(/^\/media\//);
      expect(await video.getAttribute('preload')).toBe('metadata');

      const viewed = page.waitForResponse((r) => r.url().endsWith(`/${name}/view`) && r.ok());
      const playing = video.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<void>((resolve, reject) => {
            element.addEventListener('playing', () => resolve(), { once: true });
            element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)));
          }),
      );
      // A click on the player (its native controls toggle playback on a click), as a user starts it. Once its
      // metadata is in, as a user sees it: on a loaded machine a click before that could fall on controls not
      // yet set up, and playback never started (one CI run waited out its 60 s).
      await page.waitForFunction(
        () => document.querySelector('video')!.readyState >= HTMLMediaElement.HAVE_METADATA,
      );
      await video.click();
      await playing;
      await viewed;
      await page.getByText('1 visualización').first().waitFor();

      const seeked = await video.evaluate(
        (element: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
            element.currentTime = 1.5;
          }),
      );
      expect(seeked).toBeGreaterThan(1);
      const ranges = media.filter((response) => response.status() === 206);
      expect(ranges.length, media.map((r) => `${r.status()} ${r.url()}`).join('\n')).toBeGreaterThan(0);
      expect(await ranges[0]!.headerValue('content-range')).toMatch(/^bytes \d+-\d+\/\d+$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('uploads from the profile tab with a progress bar that outlives a dropped connection', async () => {
    const { owner, canal } = await channelOwner();
    let patches = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const { context, page, errors } = await openAs(browser, '/perfil?tab=canal', {
      session: owner,
      phone: true,
      init: (p) =>
        p.route(`**${VIDEO_UPLOAD_PATH}/*`, async (route) => {
          if (route.request().method() !== 'PATCH') return route.continue();
          patches++;
          // The first chunk's connection drops; the retry waits until the bar has been checked.
          if (patches === 1) return route.abort('connectionreset');
          await released;
          return route.continue();
        }),
    });
    try {
      await page.getByRole('heading', { name: 'Subir un vídeo' }).waitFor();
      await page.locator('input[type="file"][accept^="video/"]').setInputFiles(clip.file);
      await page.getByLabel('Título').fill('Ruta por los Ancares');
      await page.getByRole('button', { name: 'Subir vídeo' }).click();

      const bar = page.getByRole('progressbar', { name: 'Subiendo «Ruta por los Ancares»' });
      await bar.waitFor();
      await expect.poll(() => patches).toBe(2);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
      expect(await bar.getAttribute('aria-valuetext')).toMatch(/^\d+ % · [\d,]+ MB de [\d,]+ MB$/);
      release();

      await expectToast(page, 'ok', MSG.videoUploaded);
      const mine = page.getByRole('region', { name: /Mis vídeos/ });
      await mine.getByText('Ruta por los Ancares').waitFor();
      // The tab asks again while it is processing; then the title links to the video.
      await mine.getByRole('link', { name: 'Ruta por los Ancares' }).waitFor({ timeout: 90_000 });

      await page.goto(`/canales/${canal.url}`);
      await page.getByRole('heading', { level: 3, name: 'Ruta por los Ancares' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('ends an upload whose last answer was lost as one video, without sending the file again', async () => {
    const { owner, canal } = await channelOwner();
    const sent: string[] = [];
    const { context, page, errors } = await openAs(browser, '/perfil?tab=canal', {
      session: owner,
      phone: true,
      init: (p) =>
        p.route(`**${VIDEO_UPLOAD_PATH}**`, async (route) => {
          const method = route.request().method();
          sent.push(method);
          if (method !== 'PATCH') return route.continue();
          // The server stores the last chunk and makes the video; its answer dies on the way back.
          const answer = await route.fetch();
          expect(answer.status()).toBe(204);
          return route.abort('connectionreset');
        }),
    });
    try {
      await page.getByRole('heading', { name: 'Subir un vídeo' }).waitFor();
      await page.locator('input[type="file"][accept^="video/"]').setInputFiles(clip.file);
      await page.getByLabel('Título').fill('Noche en Bardenas');
      await page.getByRole('button', { name: 'Subir vídeo' }).click();

      await expectToast(page, 'ok', MSG.videoUploaded);
      // Asked where the upload stood, the server said complete and named the video.
      await page.getByRole('link', { name: 'Ver el vídeo' }).waitFor();
      expect(sent).toEqual(['POST', 'PATCH', 'HEAD']);
      const own = await apiAs<{ videos: { name: string }[] }>(owner, 'GET', '/canal');
      expect(own.videos.map((video) => video.name)).toEqual(['noche-en-bardenas']);
      expect(await page.getByRole('link', { name: 'Ver el vídeo' }).getAttribute('href')).toBe(
        `/canales/${canal.url}/noche-en-bardenas`,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says a channel could not be loaded, and shows it on «Reintentar» once the network is back', async () => {
    const [{ canal }, viewer] = await Promise.all([channelOwner(), registerSession()]);
    const { context, page } = await openAs(browser, '/canales', { session: viewer, phone: true });
    try {
      const channelCall = new RegExp(`/api/canales/${canal.url}\\?`);
      await context.route(channelCall, (route) => route.abort('internetdisconnected'));
      await page.goto(`/canales/${canal.url}`);
      await page.getByRole('heading', { level: 1, name: 'No hemos podido cargar el canal' }).waitFor();

      await context.unroute(channelCall);
      await page.getByRole('button', { name: 'Reintentar' }).click();
      await page.getByRole('heading', { level: 1, name: canal.nombre }).waitFor();
    } finally {
      await context.close();
    }
  });
});
