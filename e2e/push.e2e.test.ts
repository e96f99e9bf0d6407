import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_NOTICE } from '@nomadas/shared';
import { startApp, type AppProcess } from '../apps/server/src/test/app-process';
import { createScratchDatabase } from '../apps/server/src/test/database';
import { startPushService, type TestBrowser } from '../apps/server/src/test/push-service';
import { isAck, openSocket } from '../apps/server/src/test/ws-client';
import type { AppTarget } from './app-under-test';
import { launchBrowser } from './browser';
import { openAs, registerSession } from './support';

// The opt-in of the notifications tab, through to a push the server sends. No push service is reachable
// here, so the browser's PushManager hands out a subscription at the test's stand-in push service (which
// decrypts what arrives with that subscription's keys); everything else is the app's: the service worker's
// registration, the key, the calls, the server's job. The app runs on its own to allow a push service on
// loopback (PUSH_LOOPBACK_ENDPOINTS, refused in production): on a scratch database of the suite's PostgreSQL when
// there is one (quicker to migrate), else on PGlite.
let browser: Browser;
let app: AppProcess;
let target: AppTarget;
let dataDir: string;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let pushService: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-push-'));
  scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : undefined;
  [browser, app, pushService] = await Promise.all([
    // Push subscriptions and notifications are the full browser's.
    launchBrowser({ full: true }),
    startApp({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      PUSH_LOOPBACK_ENDPOINTS: 'true',
      ...(scratch ? { DATABASE_URL: scratch.url } : { EMBEDDED_DATABASE: 'pglite' }),
    }),
    startPushService(),
  ]);
  target = { baseUrl: app.baseUrl, outboxDir: path.join(dataDir, 'outbox') };
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await scratch?.drop();
  await pushService?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The browser's side of push, standing in for Chromium's (which needs Google's push service). */
async function standInPushManager(page: Page, device: TestBrowser) {
  await page.context().grantPermissions(['notifications'], { origin: target.baseUrl });
  await page.addInitScript((subscription) => {
    const held = () => sessionStorage.getItem('standInPush') === '1';
    const made = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      toJSON: () => ({ ...subscription, expirationTime: null }),
      unsubscribe: async () => {
        sessionStorage.removeItem('standInPush');
        return true;
      },
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      sessionStorage.setItem('standInPushKey', btoa(String.fromCharCode(...key)));
      sessionStorage.setItem('standInPush', '1');
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (held() ? made : null) as PushSubscription | null;
    };
  }, device.subscription);
}

describe('Web Push in the browser', () => {
  it('the notifications tab subscribes this device, and a follow and a chat message reach it', async () => {
    const [ana, blas] = await Promise.all([registerSession(target), registerSession(target)]);
    const device = pushService.browser();
    const { context, page, errors } = await openAs(browser, '/perfil?tab=notificaciones', {
      session: ana,
      baseUrl: target.baseUrl,
      serviceWorker: true,
      init: (p) => standInPushManager(p, device),
    });
    try {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.getByRole('button', { name: 'Recibir avisos en este dispositivo' }).click();
      await page.getByText('Recibes avisos en este dispositivo.').waitFor();
      const key = (await (await fetch(`${target.baseUrl}/api/push/key`)).json()).data.key as string;
      const used = await page.evaluate(() => sessionStorage.getItem('standInPushKey'));
      expect(Buffer.from(used!, 'base64').toString('base64url')).toBe(key);

      const followed = await fetch(`${target.baseUrl}/api/follow/user/${ana.username}`, {
        method: 'POST',
        headers: { 'API-TOKEN': blas.token },
      });
      expect(followed.status).toBe(200);
      expect((await device.next(15_000)).payload).toMatchObject({
        title: PUSH_NOTICE.followTitle(blas.username),
        url: `/perfil/${blas.username}`,
      });

      const socket = await openSocket(target.baseUrl, blas.token);
      socket.send({ t: 'c', ta: 'send', to: ana.username, txt: 'Estoy en el área de Cudillero', cid: 'e2e' });
      await socket.next(isAck('e2e'));
      await socket.close();
      const message = await device.next(15_000);
      expect(message.payload).toMatchObject({ title: PUSH_NOTICE.chatTitle(blas.username) });

      // The push's page opens the conversation with whoever wrote.
      await page.goto((message.payload as { url: string }).url);
      const panel = page.locator('section[data-connection]');
      await panel.getByRole('textbox', { name: 'Escribe un mensaje' }).waitFor();
      await panel.getByText('Estoy en el área de Cudillero').waitFor();
      expect(new URL(page.url()).search).toBe('');

      await page.goto('/perfil?tab=notificaciones');
      await page.getByRole('button', { name: 'Dejar de recibir avisos' }).click();
      await page.getByRole('button', { name: 'Recibir avisos en este dispositivo' }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('standInPush'))).toBeNull();
      expect(pushService.failures).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("drops a subscription that outlived its session: the next account never gets the last one's pushes", async () => {
    const ana = await registerSession(target);
    const { context, page, errors } = await openAs(browser, '/perfil?tab=notificaciones', {
      session: ana,
      baseUrl: target.baseUrl,
      serviceWorker: true,
      init: (p) => standInPushManager(p, pushService.browser()),
    });
    try {
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.getByRole('button', { name: 'Recibir avisos en este dispositivo' }).click();
      await page.getByText('Recibes avisos en este dispositivo.').waitFor();
      // The session ends while no page of the app runs to hear its logout (another tab's, or one made in the
      // first seconds of a page, before the app's offline support started): the next page finds it held. After
      // the login that openAs writes before each page, this tab's next page has its session gone.
      await page.addInitScript(() => {
        if (sessionStorage.getItem('sessionEnded') !== '1') return;
        for (const key of ['token', 'user_data', 'finish_date']) localStorage.removeItem(key);
      });
      await page.evaluate(() => sessionStorage.setItem('sessionEnded', '1'));
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('standInPush'))).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
