import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { ApiEnvelope } from '@nomadas/shared';
import type { LoginResponse, WallPost } from '@nomadas/shared/schemas';
import { expect } from 'vitest';
import { findMailLink } from '../apps/server/src/test/outbox';
import { appUnderTest } from './app-under-test';
import { openPage } from './browser';

let counter = 0;

/** A username nobody has used in this run. */
export function uniqueUsername(prefix = 'nomada'): string {
  counter++;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

/** Local-storage state set before the app starts: cookies chosen and the home banner already seen. */
export async function asReturningVisitor(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cookies', '1');
    localStorage.setItem('bannerHomeTime', String(Math.floor(Date.now() / 1000)));
  });
}

export async function expectToast(page: Page, kind: 'ok' | 'ko', text: string) {
  await page.locator(`.toast.${kind}`, { hasText: text }).first().waitFor();
}

/** The link in the newest mail to `to`; the server's outbox writes it just after the request commits. */
export async function mailLink(to: string, pathPrefix: string, app = appUnderTest()) {
  let link: string | undefined;
  await expect
    .poll(async () => (link = await findMailLink(app.outboxDir, to, pathPrefix)), { timeout: 15_000 })
    .toBeTruthy();
  return link;
}

/** Registers through the API and activates through the mailed link: a ready account for UI tests. */
export async function registerActivatedUser(password = 'ruta-de-la-plata', app = appUnderTest()) {
  const { baseUrl } = app;
  const username = uniqueUsername();
  const email = `${username}@example.com`;
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email, password, password_confirmation: password }),
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  const link = await mailLink(email, '/verificar/', app);
  const code = link!.split('/').pop();
  const activated = await fetch(`${baseUrl}/api/verificar/${code}`, { method: 'POST' });
  expect(activated.status, `${link}: ${await activated.clone().text()}`).toBe(200);
  return { username, email, password };
}

/** A logged-in session as POST /api/login answers it. */
export interface ApiSession extends LoginResponse {
  token: string;
  username: string;
  date: number;
}

/** Registers, activates and logs a new user in through the API. */
export async function registerSession(app = appUnderTest()): Promise<ApiSession> {
  const user = await registerActivatedUser(undefined, app);
  const answer = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  const body = (await answer.json()) as LoginResponse;
  expect(body).toMatchObject({ state: 'OK', username: user.username, token: expect.any(String) });
  return body as ApiSession;
}

/** A call of the API as `session` that must answer OK: what it answers in `data`. */
export async function apiAs<T>(
  session: ApiSession,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${appUnderTest().baseUrl}/api${path}`, {
    method,
    headers: { 'API-TOKEN': session.token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await answer.json()) as ApiEnvelope<T>;
  expect(envelope.state, `${method} ${path}: ${envelope.msg}`).toBe('OK');
  return envelope.data as T;
}

/**
 * A returning visitor already logged in as `session` when the app starts (the UI login is tested in
 * accounts.e2e.test.ts). Set once: a logout in the test is not undone by the next navigation.
 */
export async function asLoggedIn(page: Page, session: ApiSession) {
  await page.addInitScript((s) => {
    localStorage.setItem('cookies', '1');
    localStorage.setItem('bannerHomeTime', String(Math.floor(Date.now() / 1000)));
    if (localStorage.getItem('token')) return;
    localStorage.setItem('token', s.token);
    localStorage.setItem(
      'user_data',
      JSON.stringify({ token: s.token, u: s.username, i: s.img ?? '', ic: s.imgc ?? '', d: s.d ?? '' }),
    );
    localStorage.setItem('finish_date', String(s.date));
  }, session);
}

/** A small JPEG of its own colour (a different file every call). */
export function testPhoto(width = 320, height = 240): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = crypto.randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Publishes a post with a fresh photo through POST /api/post/create, as the composer does. */
export async function createPostByApi(session: ApiSession, text: string): Promise<WallPost> {
  const form = new FormData();
  form.append('text', text);
  form.append('media', new Blob([new Uint8Array(await testPhoto())], { type: 'image/jpeg' }), 'foto.jpg');
  const answer = await fetch(`${appUnderTest().baseUrl}/api/post/create`, {
    method: 'POST',
    headers: { 'API-TOKEN': session.token },
    body: form,
  });
  const body = (await answer.json()) as ApiEnvelope<WallPost>;
  expect(body.state, body.msg).toBe('OK');
  return body.data!;
}

/**
 * Opens `path` in a fresh context as `session` (a returning visitor without one), recording the page's
 * uncaught errors. `init` runs once the session is set, before the first load (network routes, listeners).
 */
export async function openAs(
  browser: Browser,
  path: string,
  options: {
    session?: ApiSession;
    phone?: boolean;
    axe?: boolean;
    baseUrl?: string;
    serviceWorker?: boolean;
    init?: (page: Page) => unknown;
  } = {},
) {
  const errors: string[] = [];
  const { context, page } = await openPage(browser, {
    path,
    phone: options.phone,
    axe: options.axe,
    baseUrl: options.baseUrl,
    serviceWorker: options.serviceWorker,
    init: async (p) => {
      p.on('pageerror', (error) => errors.push(error.message));
      await (options.session ? asLoggedIn(p, options.session) : asReturningVisitor(p));
      await options.init?.(p);
    },
  });
  return { context, page, errors };
}

/** axe-core's browser build, injected into pages opened with `axe: true`. */
export const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The rules the suites hold the app to: WCAG 2.1 AA. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's WCAG 2.1 AA violations on the document as it is now, one line each: rule and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, WCAG_21_AA);
}

/** Whether the map has drawn a canvas tile of its base layer in more than one colour: land and sea, or a border. */
export function baseMapDrawn(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLCanvasElement>('.leaflet-tile-pane canvas.leaflet-tile')).some(
      (canvas) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        const colours = new Set<number>();
        for (let i = 0; i < data.length && colours.size < 3; i += 4 * 97)
          colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
        return colours.size >= 2;
      },
    ),
  );
}
