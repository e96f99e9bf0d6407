import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_POLL_MS } from '@nomadas/shared';
import { launchBrowser, openPage } from './browser';
import { asLoggedIn, createPostByApi, registerSession, type ApiSession } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function call(session: ApiSession, path: string, body?: unknown) {
  const answer = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: 'POST',
    headers: { 'API-TOKEN': session.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** A new account starts with its welcome pending: seen here, so the badge starts from nothing. */
async function freshSession(): Promise<ApiSession> {
  const session = await registerSession();
  await call(session, '/notifications');
  return session;
}

/** The header's link to my profile, which carries the badge. */
const account = (page: Page) => page.locator('header a[href="/perfil"]');
/** What the badge tells a screen reader (the number itself is drawn beside it); none when nothing is pending. */
const badge = (page: Page) => account(page).getByText(/notificaci(ón|ones) pendientes?$/);
const notificationsList = (page: Page) =>
  page.getByRole('region', { name: 'Notificaciones' }).getByRole('listitem');

describe('notifications in the browser', () => {
  it('the badge rises at the next 30 s poll after a like, the tab tells it, and opening it clears the badge', async () => {
    const [me, fan] = await Promise.all([freshSession(), freshSession()]);
    const post = await createPostByApi(me, 'Amanecer en la playa de las Catedrales');
    const polls: number[] = [];
    const { context, page } = await openPage(browser, {
      path: '/muro',
      init: async (p) => {
        // The page's timers run on a clock the test can move: the 30 s poll, without waiting 30 s.
        await p.clock.install();
        p.on('response', (response) => {
          if (response.url().endsWith('/api/notifications_nv')) polls.push(response.status());
        });
        await asLoggedIn(p, me);
      },
    });
    try {
      await expect.poll(() => polls.length).toBe(1);
      await account(page).waitFor();
      expect(await badge(page).count()).toBe(0);

      await call(fan, `/like/post/${post.url}`);
      // The page's clock also runs in real time meanwhile (a busy machine takes seconds to get here): a wide
      // margin. The poller's unit tests hold the exact cadence.
      await page.clock.fastForward(NOTIFICATIONS_POLL_MS - 10_000);
      expect(polls).toHaveLength(1);
      await page.clock.fastForward(10_000);
      await expect.poll(() => polls).toEqual([200, 200]);
      await expect.poll(() => badge(page).textContent()).toBe(', 1 notificación pendiente');

      await account(page).click();
      await page
        .getByRole('navigation', { name: 'Secciones de mi perfil' })
        .getByRole('link', { name: 'Notificaciones' })
        .click();
      const row = notificationsList(page).first();
      await expect.poll(() => row.textContent()).toContain(`${fan.username} ha dado me gusta a tu post`);
      expect(await row.textContent()).toContain('Nueva');
      expect(await row.textContent()).toContain('«Amanecer en la playa de las Catedrales»');
      expect(await row.getByRole('link').getAttribute('href')).toBe(`/muro/${post.url}`);
      // Opened: seen, and the badge is gone at once.
      await expect.poll(() => badge(page).count()).toBe(0);

      // Seen for good: on the next visit it is no longer new.
      await page.reload();
      await expect.poll(() => notificationsList(page).first().textContent()).toContain(fan.username);
      expect(await notificationsList(page).first().textContent()).not.toContain('Nueva');
      expect(await badge(page).count()).toBe(0);

      // The row leads to the post.
      await notificationsList(page).first().getByRole('link').click();
      await page.getByRole('dialog', { name: `Post de ${me.username}` }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('on a phone: a long list pages with «Cargar más», down to the welcome', async () => {
    const [me, fan] = await Promise.all([freshSession(), freshSession()]);
    const likes = NOTIFICATIONS_PAGE_DEFAULT + 2;
    const posts = [];
    for (let i = 0; i < likes; i++) posts.push(await createPostByApi(me, `Parada número ${i + 1}`));
    for (const post of posts) await call(fan, `/like/post/${post.url}`);
    const { context, page } = await openPage(browser, {
      phone: true,
      path: '/perfil?tab=notificaciones',
      init: (p) => asLoggedIn(p, me),
    });
    try {
      await expect.poll(() => notificationsList(page).count()).toBe(NOTIFICATIONS_PAGE_DEFAULT);
      expect(await notificationsList(page).first().textContent()).toContain(`«Parada número ${likes}»`);
      const more = page.getByRole('button', { name: 'Cargar más' });
      const box = await more.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await more.click();
      // The likes, then the oldest of all: the welcome of the account's activation.
      await expect.poll(() => notificationsList(page).count()).toBe(likes + 1);
      expect(
        await notificationsList(page)
          .nth(likes - 1)
          .textContent(),
      ).toContain('«Parada número 1»');
      expect(await notificationsList(page).last().textContent()).toContain('¡Bienvenido a nómadas.tv!');
      await expect.poll(() => more.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
