import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, WebSocketRoute } from 'playwright-core';
import { MSG, type ApiEnvelope } from '@nomadas/shared';
import type { Conversation } from '@nomadas/shared/schemas';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, launchBrowser } from './browser';
import { freePort } from '../apps/server/src/lib/free-port';
import { startApp } from '../apps/server/src/test/app-process';
import { openAs, registerSession, type ApiSession } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const BLOCKED = 'No puedes enviar mensajes a este usuario: uno de los dos ha bloqueado al otro.';

/** Opens `path` logged in as `session` (a returning visitor without one), recording uncaught errors. */
const open = (path: string, options: Parameters<typeof openAs>[2] = {}) => openAs(browser, path, options);

/** The logged-in chat panel (it carries the socket's state as data-connection). */
const panelOf = (page: Page) => page.locator('section[data-connection]');
const trigger = (page: Page) => page.locator('#chat-trigger');
const composer = (page: Page) => panelOf(page).getByRole('textbox', { name: 'Escribe un mensaje' });
const bubble = (page: Page, text: string, state = 'sent') =>
  panelOf(page).locator(`li[data-state="${state}"]`, { hasText: text });

/** Where `locator` ends up once its entrance animation is over, in whole pixels. */
async function settledBox(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  const box = await locator.boundingBox();
  return box && Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value)]));
}

/** The unread count the floating trigger announces ('Abrir el chat, 2 mensajes sin leer'). */
async function unreadOn(page: Page): Promise<number> {
  const label = (await trigger(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) mensajes? sin leer/.exec(label)?.[1] ?? 0);
}

/** Opens the panel from the floating trigger and waits for its socket to be open. */
async function openConnectedPanel(page: Page) {
  await trigger(page).click();
  await panelOf(page).and(page.locator('[data-connection="open"]')).waitFor({ timeout: 20_000 });
}

/** The conversation with `name` on screen, from a profile's 'Enviar mensaje'. */
async function writeFromProfile(page: Page, name: string) {
  await page.goto(`/perfil/${name}`);
  await page.getByRole('button', { name: `Enviar mensaje a ${name}` }).click();
  await composer(page).waitFor();
  await panelOf(page).and(page.locator('[data-connection="open"]')).waitFor({ timeout: 20_000 });
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** GET /api/chats?u=… as `session`: the conversation the server holds. */
async function conversationByApi(
  session: ApiSession,
  name: string,
  baseUrl = inject('baseUrl'),
): Promise<Conversation> {
  const answer = await fetch(`${baseUrl}/api/chats?u=${name}`, {
    headers: { 'API-TOKEN': session.token },
  });
  const body = (await answer.json()) as ApiEnvelope<Conversation[]>;
  expect(body.state).toBe('OK');
  return body.data![0]!;
}

const closeAll = (...contexts: BrowserContext[]) => Promise.all(contexts.map((context) => context.close()));

describe('the chat in two browsers', () => {
  it('A writes from a profile, B sees it live with the unread count and its time, B replies, A sees it', async () => {
    const ana = await registerSession();
    const bruno = await registerSession();
    const b = await open('/', { session: bruno });
    const a = await open('/', { session: ana });

    // Bruno's chat is connected, then its panel is closed: the message has to arrive live.
    await openConnectedPanel(b.page);
    await b.page.keyboard.press('Escape');
    await panelOf(b.page).waitFor({ state: 'detached' });
    await expect.poll(() => b.page.evaluate(() => document.activeElement?.id)).toBe('chat-trigger');
    const before = await unreadOn(b.page);

    await writeFromProfile(a.page, bruno.username);
    expect(await composer(a.page).evaluate((field) => field === document.activeElement)).toBe(true);
    await send(a.page, '¡Hola! ¿Subimos a los Picos el sábado?');
    const mine = bubble(a.page, '¡Hola! ¿Subimos a los Picos el sábado?');
    await mine.waitFor();
    expect(await mine.locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await composer(a.page).inputValue()).toBe('');
    // Stored and not read yet: one tick.
    expect(await mine.locator('[data-receipt]').textContent()).toBe('Entregado');

    // On a wide screen the floating button, which carries the count, is the chat's one way in (no header 'Chat').
    await expect.poll(() => unreadOn(b.page), { timeout: 15_000 }).toBe(before + 1);
    expect(await b.page.locator('header').getByRole('button', { name: /^Chat/ }).isVisible()).toBe(false);

    await trigger(b.page).click();
    const row = panelOf(b.page).getByRole('button', { name: new RegExp(`^${ana.username}`) });
    expect(await row.textContent()).toContain('1 mensaje sin leer');
    await row.click();
    const theirs = bubble(b.page, '¡Hola! ¿Subimos a los Picos el sábado?');
    await theirs.waitFor();
    expect(await theirs.locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    // A date separator 'D de {mes}' above the first message.
    const day = await panelOf(b.page).locator('ol > li:not([data-state])').first().textContent();
    expect(day).toMatch(
      /^\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)$/,
    );
    // Seen: the count is back where it was, and the server agrees.
    await expect.poll(() => unreadOn(b.page)).toBe(before);
    await expect.poll(async () => (await conversationByApi(bruno, ana.username)).novisto).toBe(0);
    // Ana sees at once that it was read: two ticks.
    await mine.locator('[data-receipt="read"]', { hasText: 'Leído' }).waitFor();

    // Shift+Enter is a new line, Enter sends.
    await composer(b.page).fill('¡Claro!');
    await composer(b.page).press('Shift+Enter');
    await composer(b.page).pressSequentially('Salgo a las 8.');
    await composer(b.page).press('Enter');
    await bubble(b.page, 'Salgo a las 8.').waitFor();
    await bubble(a.page, 'Salgo a las 8.').waitFor({ timeout: 15_000 });
    expect(await bubble(a.page, 'Salgo a las 8.').innerText()).toContain('¡Claro!\nSalgo a las 8.');

    expect([...a.errors, ...b.errors]).toEqual([]);
    await closeAll(a.context, b.context);
  });

  it('a message written while the connection is down waits (also across a reload) and goes out once it is back', async () => {
    const ana = await registerSession();
    const bruno = await registerSession();
    let down = false;
    let link: { page: WebSocketRoute; server: WebSocketRoute } | undefined;
    // Every socket goes through here: while "down", no ticket and no socket; otherwise passed to the server.
    const network = async (page: Page) => {
      await page.route('**/api/connectws', (route) =>
        down ? route.abort('connectionrefused') : route.continue(),
      );
      await page.routeWebSocket(/\/ws\?/, (ws) => {
        if (down) return ws.close({ code: 4000, reason: 'caída' });
        link = { page: ws, server: ws.connectToServer() };
      });
    };
    const a = await open('/', { session: ana, init: network });
    const b = await open('/', { session: bruno });
    await openConnectedPanel(b.page);
    await writeFromProfile(a.page, bruno.username);

    // The connection drops: the client retries and says so.
    down = true;
    await link!.server.close({ code: 4000, reason: 'caída' });
    await link!.page.close({ code: 4000, reason: 'caída' });
    await panelOf(a.page).getByText('Conectando…').waitFor();

    await send(a.page, 'Escrito sin conexión');
    const waiting = bubble(a.page, 'Escrito sin conexión', 'pending');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Se enviará al volver la conexión');

    // It survives a reload, still waiting.
    await a.page.reload();
    await trigger(a.page).click();
    await panelOf(a.page)
      .getByRole('button', { name: new RegExp(`^${bruno.username}`) })
      .click();
    await bubble(a.page, 'Escrito sin conexión', 'pending').waitFor();
    await send(a.page, 'Y otro más');
    await bubble(a.page, 'Y otro más', 'pending').waitFor();

    down = false;
    await bubble(a.page, 'Escrito sin conexión').waitFor({ timeout: 30_000 });
    await bubble(a.page, 'Y otro más').waitFor({ timeout: 15_000 });
    await panelOf(a.page).and(a.page.locator('[data-connection="open"]')).waitFor();
    // Bruno's list (not that conversation) is on screen: the row shows the latest message.
    const row = panelOf(b.page).getByRole('button', { name: new RegExp(`^${ana.username}`) });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Y otro más');

    // Each stored once, in the order written.
    const stored = (await conversationByApi(bruno, ana.username)).chats.map((chat) => chat.msg).reverse();
    expect(stored).toEqual(['Escrito sin conexión', 'Y otro más']);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await closeAll(a.context, b.context);
  });

  it('a message typed while the server is down is delivered once it is back', async () => {
    // An app of its own, stopped and started again on the same port and data: the suite's shared one stays up.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-e2e-chat-down-'));
    // Run as root, the embedded PostgreSQL runs as the postgres account, which must reach DATA_DIR.
    await fs.chmod(dataDir, 0o755);
    const env = { DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100' };
    const port = await freePort();
    let app = await startApp(env, port);
    try {
      const target = { baseUrl: app.baseUrl, outboxDir: path.join(dataDir, 'outbox') };
      const ana = await registerSession(target);
      const bruno = await registerSession(target);
      const a = await open('/', { session: ana, baseUrl: app.baseUrl });
      await writeFromProfile(a.page, bruno.username);

      await app.stop();
      await panelOf(a.page).getByText('Conectando…').waitFor({ timeout: 20_000 });
      await send(a.page, 'Escrito con el servidor caído');
      await bubble(a.page, 'Escrito con el servidor caído', 'pending').waitFor();

      app = await startApp(env, port);
      await bubble(a.page, 'Escrito con el servidor caído').waitFor({ timeout: 45_000 });
      const stored = await conversationByApi(bruno, ana.username, app.baseUrl);
      expect(stored.chats.map((chat) => chat.msg)).toEqual(['Escrito con el servidor caído']);
      await closeAll(a.context);
    } finally {
      await app.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('blocking: the blocked one is refused and told so, nothing is delivered; unblocked, a retry goes through', async () => {
    const ana = await registerSession();
    const bruno = await registerSession();
    const a = await open('/', { session: ana });
    const b = await open('/', { session: bruno });
    await writeFromProfile(a.page, bruno.username);
    await send(a.page, 'Hola, Bruno');
    await bubble(a.page, 'Hola, Bruno').waitFor();
    await writeFromProfile(b.page, ana.username);
    await bubble(b.page, 'Hola, Bruno').waitFor();

    await panelOf(a.page).getByRole('button', { name: 'Bloquear' }).click();
    // Blocking asks first, saying what it does.
    const ask = a.page.getByRole('dialog', { name: `¿Bloquear a ${bruno.username}?` });
    expect(await ask.textContent()).toContain('No podréis enviaros mensajes');
    await ask.getByRole('button', { name: 'Bloquear' }).click();
    await panelOf(a.page).getByText('Usuario bloqueado').waitFor();
    expect(
      await panelOf(a.page).getByRole('button', { name: 'Desbloquear' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await composer(a.page).count()).toBe(0);
    await expect.poll(async () => (await conversationByApi(ana, bruno.username)).block).toBe(1);

    await send(b.page, '¿Me lees?');
    const refused = bubble(b.page, '¿Me lees?', 'failed');
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.textContent()).toContain(BLOCKED);
    expect((await conversationByApi(ana, bruno.username)).chats.map((chat) => chat.msg)).toEqual([
      'Hola, Bruno',
    ]);
    expect(await panelOf(a.page).getByText('¿Me lees?').count()).toBe(0);

    await panelOf(a.page).getByRole('button', { name: 'Desbloquear' }).click();
    await composer(a.page).waitFor();
    await expect.poll(async () => (await conversationByApi(ana, bruno.username)).block).toBe(0);
    await refused.getByRole('button', { name: 'Reintentar' }).click();
    await bubble(b.page, '¿Me lees?').waitFor({ timeout: 15_000 });
    await bubble(a.page, '¿Me lees?').waitFor({ timeout: 15_000 });

    expect([...a.errors, ...b.errors]).toEqual([]);
    await closeAll(a.context, b.context);
  });

  it("a stranger's fourth message before any answer is refused and says why; once answered, a retry goes through", async () => {
    const ana = await registerSession();
    const bruno = await registerSession();
    const a = await open('/', { session: ana });
    await writeFromProfile(a.page, bruno.username);
    for (const text of ['Hola', '¿Estás en Tarifa?', 'Te escribo por el área']) {
      await send(a.page, text);
      await bubble(a.page, text).waitFor({ timeout: 15_000 });
    }
    await send(a.page, '¿Me contestas?');
    const refused = bubble(a.page, '¿Me contestas?', 'failed');
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.textContent()).toContain(MSG.chatRequestUnanswered);

    const b = await open('/', { session: bruno });
    await writeFromProfile(b.page, ana.username);
    await bubble(b.page, 'Te escribo por el área').waitFor({ timeout: 15_000 });
    await send(b.page, '¡Hola! Sí, aquí estoy');
    await bubble(a.page, '¡Hola! Sí, aquí estoy').waitFor({ timeout: 15_000 });
    await refused.getByRole('button', { name: 'Reintentar' }).click();
    await bubble(b.page, '¿Me contestas?').waitFor({ timeout: 15_000 });

    expect([...a.errors, ...b.errors]).toEqual([]);
    await closeAll(a.context, b.context);
  });

  it('a second tab takes the chat: the first says so and can take it back', async () => {
    const ana = await registerSession();
    const first = await open('/', { session: ana });
    await openConnectedPanel(first.page);

    const second = await first.context.newPage();
    await second.goto('/');
    await openConnectedPanel(second);
    const notice = panelOf(first.page).getByText('Tienes el chat abierto en otra pestaña.');
    await notice.waitFor({ timeout: 15_000 });
    expect(await panelOf(first.page).getAttribute('data-connection')).toBe('none');

    await panelOf(first.page).getByRole('button', { name: 'Usar el chat aquí' }).click();
    await panelOf(first.page)
      .and(first.page.locator('[data-connection="open"]'))
      .waitFor({ timeout: 15_000 });
    await panelOf(second).getByText('Tienes el chat abierto en otra pestaña.').waitFor({ timeout: 15_000 });

    expect(first.errors).toEqual([]);
    await first.context.close();
  });
});

describe('the chat panel on a phone', () => {
  it("shows a visitor the product's anonymous chat, full screen, reporting event 2, with 'Regístrate'", async () => {
    const { context, page, errors } = await open('/', { phone: true });
    const event = page.waitForRequest(
      (request) => request.url().endsWith('/api/sev') && request.postDataJSON()?.e === 2,
    );
    const chatButton = page.locator('header').getByRole('button', { name: 'Chat' });
    await chatButton.click();
    const dialog = page.getByRole('dialog', { name: 'nómadas.tv' });
    await dialog.waitFor();
    await event;
    for (const text of [
      '¡Hola nómada!',
      '¿Quieres ponerte en contacto con otros nómadas?',
      'Regístrate y comienza tu aventura.',
    ]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    expect(await settledBox(dialog)).toEqual({ x: 0, y: 0, ...PHONE });
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus moved in; Escape closes and gives it back to the button that opened it.
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => chatButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await chatButton.click();
    await dialog.getByRole('button', { name: 'Regístrate' }).click();
    await page.getByRole('dialog', { name: 'Registro' }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a conversation full screen: the message rules, the counter, the emoji picker by keyboard, focus back on close', async () => {
    const ana = await registerSession();
    const bruno = await registerSession();
    const { context, page, errors } = await open('/', { session: ana, phone: true });
    await writeFromProfile(page, bruno.username);
    const panel = panelOf(page);
    expect(await settledBox(panel)).toEqual({ x: 0, y: 0, ...PHONE });
    expect(await panel.getAttribute('aria-modal')).toBe('true');
    await panel.getByText(`Aún no hay mensajes. ¡Saluda a ${bruno.username}!`).waitFor();

    const sendButton = panel.getByRole('button', { name: 'Enviar', exact: true });
    await composer(page).fill('   \n  ');
    expect(await sendButton.isDisabled()).toBe(true);
    await composer(page).press('Enter');
    expect(await panel.locator('li[data-state]').count()).toBe(0);
    await composer(page).fill('x'.repeat(2001));
    await panel.getByText('2001 / 2000').waitFor();
    expect(await composer(page).getAttribute('aria-invalid')).toBe('true');
    expect(await sendButton.isDisabled()).toBe(true);
    await composer(page).fill('Mira esto ');

    const emojiButton = panel.getByRole('button', { name: 'Insertar emoji' });
    await emojiButton.click();
    const picker = page.getByRole('dialog', { name: 'Emojis' });
    await picker.waitFor();
    const categories = picker.getByRole('tab');
    expect(await categories.evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label')))).toEqual(
      ['Personas', 'Naturaleza', 'Comida', 'Actividades', 'Lugares', 'Objetos', 'Símbolos', 'Banderas'],
    );
    await picker.getByRole('searchbox').fill('corazón rojo');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'corazón rojo',
    );
    await page.keyboard.press('Enter');
    expect(await composer(page).inputValue()).toBe('Mira esto ❤️');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await panel.count()).toBe(1);
    expect(await emojiButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await composer(page).press('Enter');
    await bubble(page, 'Mira esto ❤️').waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    const opener = page.getByRole('button', { name: `Enviar mensaje a ${bruno.username}` });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
