import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WALL_VISITOR_POSTS } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { launchBrowser, newContext } from './browser';
import { createChannel, makeClip, uploadVideo, videoReady } from './channels-support';
import {
  AXE_SCRIPT,
  WCAG_21_AA,
  asLoggedIn,
  asReturningVisitor,
  createPostByApi,
  registerSession,
  type ApiSession,
} from './support';

// Every screen, on a phone and a desktop, logged out and logged in, checked by axe-core against WCAG 2.1 AA;
// a failure lists each rule broken and where.

interface Violation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

let me: ApiSession;
let other: ApiSession;
let post: WallPost;
let tag: string;
let place: string;
let channel: string;
let video: string;
let seeded: Promise<void> | undefined;
/**
 * Two users, my posts (one with a tag) and another's post mentioning me, with my comment, and another's channel
 * with a video: made in the first test that needs them (the support helpers poll the outbox with expect, which
 * only works inside a test).
 */
function seed() {
  seeded ??= (async () => {
    [me, other] = await Promise.all([registerSession(), registerSession()]);
    tag = `accesible${Date.now().toString(36)}`;
    await createPostByApi(me, `Mi furgo en Somiedo #${tag}`);
    await createPostByApi(me, 'Amanecer en los Lagos de Covadonga');
    post = await createPostByApi(other, `Atardecer en Cabo de Gata #${tag} con @${me.username}`);
    // A visitor's wall full (WALL_VISITOR_POSTS), so its invitation comes on every run, whatever else is published.
    for (let stage = 4; stage <= WALL_VISITOR_POSTS; stage++)
      await createPostByApi(other, `Ruta por los Picos de Europa, etapa ${stage}`);
    const commented = await fetch(`${inject('baseUrl')}/api/comment/create/${post.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'API-TOKEN': me.token },
      body: JSON.stringify({ c: '¡Qué colores! Apunto el sitio', p: 0 }),
    });
    expect(commented.status).toBe(200);
    place = await publicPlace(me, [other, ...(await Promise.all([registerSession(), registerSession()]))]);
    // Another's channel with one processed video.
    const clip = await makeClip();
    try {
      channel = (await createChannel(other)).url;
      video = await uploadVideo(other, clip.file, 'Amanecer en Somiedo');
      await videoReady(other, video);
    } finally {
      await clip.remove();
    }
  })();
  return seeded;
}

/** A map area of `author`'s with a review, made public by three other users' confirmations. */
async function publicPlace(author: ApiSession, confirmers: ApiSession[]): Promise<string> {
  const call = async (session: ApiSession, path: string, body?: unknown) => {
    const answer = await fetch(`${inject('baseUrl')}/api${path}`, {
      method: 'POST',
      headers: { 'API-TOKEN': session.token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()) as { data: { urlpoint: string } };
  };
  const { data } = await call(author, '/map/location', {
    kind: 'default',
    name: `Área accesible ${Date.now().toString(36)}`,
    description: 'Área tranquila junto al río, con sombra por la tarde.',
    lat: 42.4589,
    lng: -6.0563,
    services: ['agua', 'grises', 'negras', 'wc'],
    price: 6,
    maxStay: 2,
    maxLength: 8,
  });
  for (const confirmer of confirmers) await call(confirmer, `/map/location/${data.urlpoint}/confirm`);
  await call(confirmers[0]!, `/map/location/${data.urlpoint}/review`, {
    stars: 4,
    text: 'Limpia y bien situada',
    stayed: '2025-05-03',
  });
  return data.urlpoint;
}

/** Runs axe on the document as it is now (axe is injected once per page load). */
async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`),
    }));
  }, WCAG_21_AA);
}

function describeViolations(violations: Violation[]) {
  return violations
    .map((v) => `[${v.impact}] ${v.rule}: ${v.help}\n    ${v.nodes.join('\n    ')}`)
    .join('\n');
}

/** Audits the page once it has settled (a menu or dialog fading in would be measured half transparent). */
async function expectNoViolations(page: Page, what: string) {
  await settle(page);
  const violations = await audit(page);
  expect(violations, `${what} (${page.url()}):\n${describeViolations(violations)}`).toEqual([]);
}

/**
 * Visits every path and audits it; fails once at the end, listing the violations of every screen. The first
 * is loaded, the others reached as the app's links reach them: a reload per screen parsed the app and axe
 * again, half of this suite's time.
 */
async function expectScreensClean(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const [index, path] of paths.entries()) {
    await (index === 0 ? visit(page, path) : navigateInApp(page, path));
    const violations = await audit(page);
    if (violations.length > 0) found.push(`${path}:\n${describeViolations(violations)}`);
  }
  expect(found, found.join('\n\n')).toEqual([]);
}

/** Requests each audited page has under way: what "settled" waits on. */
const openRequests = new WeakMap<Page, Set<Request>>();

function watchRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  openRequests.set(page, open);
}

/**
 * Resolves once `page` has had no request under way for QUIET_MS. Playwright's 'networkidle' waits a fixed
 * 500 ms, which was a third of this suite's time over some eighty screens.
 */
const QUIET_MS = 150;
function networkQuiet(page: Page): Promise<void> {
  const open = openRequests.get(page)!;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const rearm = () => {
      clearTimeout(timer);
      timer = open.size === 0 ? setTimeout(done, QUIET_MS) : undefined;
    };
    const done = () => {
      page.off('request', rearm).off('requestfinished', rearm).off('requestfailed', rearm);
      resolve();
    };
    page.on('request', rearm).on('requestfinished', rearm).on('requestfailed', rearm);
    rearm();
  });
}

/**
 * Waits until the screen has settled: its data loaded (no request for a moment) and no finite animation running
 * (a dialog fading in would be measured half transparent; a skeleton's endless shimmer does not count).
 */
async function settle(page: Page) {
  await networkQuiet(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running',
      ),
  );
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await settle(page);
}

/** Moves the loaded app to `path` without a reload, as the router does for a link (or Back). */
async function navigateInApp(page: Page, path: string) {
  const before = await page.locator('main').innerHTML();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The screen before has settled, so a change in <main> is the new screen arriving (never the old one audited twice).
  await page.waitForFunction((html) => document.querySelector('main')?.innerHTML !== html, before);
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await settle(page);
}

/** The search box shown now ('Búsqueda': in the header on a desktop, in its own row once opened on a phone). */
const searchField = (page: Page) => page.getByPlaceholder('Búsqueda').filter({ visible: true }).first();

/** A context as the other e2e suites open it, logged in as `session` or a returning visitor. */
async function newSession(
  phone: boolean,
  session?: ApiSession,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { phone, axe: true });
  const page = await context.newPage();
  watchRequests(page);
  await (session ? asLoggedIn(page, session) : asReturningVisitor(page));
  return { context, page };
}

/** The screens both a visitor and a user see (spec §2), the profile ones included. */
const commonScreens = () => [
  '/',
  '/muro',
  `/tags/${tag}`,
  '/contacto',
  '/premium',
  '/legal',
  '/quienes_somos',
  '/mapa',
  `/mapa/location/${place}`,
  '/canales',
  `/canales/${channel}`,
  `/canales/${channel}/${video}`,
  '/nuevopass/x',
  '/verificar/x',
  '/esta/ruta/no/existe',
  '/perfil',
  `/perfil/${other.username}`,
];
/** The other tabs of my profile (/perfil, its settings tab, is among the screens above). */
const ownProfileTabs = ['/perfil?tab=muro', '/perfil?tab=canal', '/perfil?tab=notificaciones'];

for (const [device, phone] of [
  ['phone', true],
  ['desktop', false],
] as const) {
  describe(`axe (WCAG 2.1 AA) on a ${device}, logged out`, () => {
    let context: BrowserContext;
    let page: Page;
    const ready = async () => {
      await seed();
      if (!page) ({ context, page } = await newSession(phone));
    };
    afterAll(() => context?.close());

    it('finds nothing on any screen', async () => {
      await ready();
      await expectScreensClean(page, commonScreens());
    });

    it('finds nothing on an open post, in the feed, or with the login dialog open', async () => {
      await ready();
      await visit(page, `/muro/${post.url}`);
      await page
        .getByRole('dialog', { name: `Post de ${other.username}` })
        .getByText('¡Qué colores!')
        .waitFor();
      await expectNoViolations(page, 'post modal');

      await visit(page, '/muro');
      // A visitor's wall invites them to join 2 s after it shows (spec §4): a loaded machine can take that long
      // to load and settle the wall, so the invitation is waited for, audited and closed before any click (its
      // backdrop took the click on the list button).
      const invitation = page.getByRole('dialog', { name: '¡Únete a la comunidad!' });
      await invitation.waitFor();
      await expectNoViolations(page, 'visitor invitation');
      await page.keyboard.press('Escape');
      await invitation.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Lista' }).click();
      await page.locator('section[aria-labelledby="muro-posts"] article[aria-label]').first().waitFor();
      await expectNoViolations(page, 'the feed');
      await page.getByRole('button', { name: 'Cuadrícula' }).click();

      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      await page.getByRole('dialog', { name: 'Iniciar sesión' }).waitFor();
      await expectNoViolations(page, 'login dialog');
      await page.keyboard.press('Escape');
    });

    if (phone) {
      it('finds nothing with the mobile menu or the search open', async () => {
        await ready();
        // Not the wall: its invitation to visitors would open over the menu 2 s after it shows.
        await visit(page, '/contacto');
        await page.getByRole('button', { name: 'Abrir el menú' }).click();
        await page.getByRole('dialog', { name: 'Menú' }).waitFor();
        await expectNoViolations(page, 'mobile menu');
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Abrir la búsqueda' }).click();
        await searchField(page).fill(tag.slice(0, 6));
        // The suggestions: this run's hashtag is among them.
        await page.getByRole('listbox').first().waitFor();
        await expectNoViolations(page, 'phone search');
      });
    }
  });

  describe(`axe (WCAG 2.1 AA) on a ${device}, logged in`, () => {
    let context: BrowserContext;
    let page: Page;
    const ready = async () => {
      await seed();
      if (!page) ({ context, page } = await newSession(phone, me));
    };
    afterAll(() => context?.close());

    it('finds nothing on any screen, each tab of my profile included', async () => {
      await ready();
      await expectScreensClean(page, [...commonScreens(), ...ownProfileTabs]);
    });

    it('finds nothing on an open post with its menu, or one opened from my profile', async () => {
      await ready();
      await visit(page, `/muro/${post.url}`);
      const dialog = page.getByRole('dialog', { name: `Post de ${other.username}` });
      await dialog.getByText('¡Qué colores!').waitFor();
      await expectNoViolations(page, 'post modal');
      await dialog.getByRole('button', { name: 'Opciones del post' }).click();
      await page.getByRole('menu').waitFor();
      await expectNoViolations(page, 'post menu');
      await page.keyboard.press('Escape');

      await visit(page, '/perfil?tab=muro');
      await page.locator('a[href^="/muro/"]').first().click();
      await page.getByRole('dialog', { name: `Post de ${me.username}` }).waitFor();
      await expectNoViolations(page, 'post modal over my profile');
      await page.keyboard.press('Escape');
    });

    it('finds nothing on the map with its panels open', async () => {
      await ready();
      await page.context().route(/tile\.openstreetmap\.org/, (route) => route.abort());
      await visit(page, '/mapa');
      for (const tool of ['Filtros', 'Lista', 'Mi posición', 'Añadir lugar']) {
        await page.getByRole('button', { name: tool, exact: true }).click();
        await page
          .getByRole('heading', { level: 2, name: tool === 'Lista' ? 'Lugares a la vista' : tool })
          .waitFor();
        await expectNoViolations(page, `map with ${tool}`);
      }
    });

    it('finds nothing with the search suggestions open', async () => {
      await ready();
      await visit(page, '/muro');
      if (phone) await page.getByRole('button', { name: 'Abrir la búsqueda' }).click();
      await searchField(page).fill(tag.slice(0, 6));
      // The suggestions: this run's hashtag is among them.
      await page.getByRole('listbox').first().waitFor();
      await expectNoViolations(page, 'search suggestions');
    });
  });
}

describe('axe on a first visit', () => {
  it('finds nothing with the cookie banner, then the home banner up', async () => {
    const context = await newContext(browser, { phone: true, axe: true });
    const page = await context.newPage();
    watchRequests(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Cookies' }).waitFor();
    await expectNoViolations(page, 'cookie banner');
    await page.getByRole('button', { name: 'Solo esenciales' }).click();
    // The home banner follows the cookie choice (spec §2: 1 s after start, at most once a day).
    await page.getByRole('dialog').waitFor();
    await expectNoViolations(page, 'home banner');
    await context.close();
  });
});
