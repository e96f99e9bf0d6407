import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser } from './browser';
import { axeViolations, createPostByApi, openAs, registerSession, type ApiSession } from './support';

// The header's search (spec §2 "Search suggestions", §5): suggestions as the typing pauses, grouped Hashtags /
// Usuarios / Canales, a WAI-ARIA combobox driven by the keyboard alone; a full-screen search on a phone.

let browser: Browser;
let author: ApiSession;
/** A hashtag nobody else has, written with an accent and a capital ('Ávila…'); stored lowercased. */
let tag: string;
let seeded: Promise<void> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A user and a post with the tag: made in the first test (the support helpers poll with expect). */
function seed() {
  seeded ??= (async () => {
    author = await registerSession();
    tag = `Ávila${Date.now().toString(36)}`;
    await createPostByApi(author, `Murallas al atardecer #${tag}`);
  })();
  return seeded;
}

/** A returning visitor on `path`, ready for axe, recording the page's uncaught errors. */
const open = (path: string, phone = false) => openAs(browser, path, { phone, axe: true });

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Búsqueda' });

/** Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error('the search box never got the focus');
}

/** Arrow down through the suggestions until `option` is the highlighted one (aria-activedescendant). */
async function arrowTo(page: Page, box: Locator, option: Locator) {
  const id = await option.getAttribute('id');
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('ArrowDown');
    // Both read in one go: suggestions that arrive between two reads would redraw the list in between.
    const highlighted = await box.evaluate((input) => {
      const active = input.getAttribute('aria-activedescendant');
      return { active, selected: active && document.getElementById(active)?.getAttribute('aria-selected') };
    });
    if (highlighted.active === id) {
      expect(highlighted.selected).toBe('true');
      return;
    }
  }
  throw new Error(`never highlighted ${id}`);
}

describe('search suggestions on a desktop', () => {
  it('reach a tag and a profile with the keyboard alone', async () => {
    await seed();
    const lower = tag.toLowerCase();
    const { context, page, errors } = await open('/contacto');
    const box = searchBox(page);

    await tabTo(page, box);
    // Typed without its accent, in capitals: the server matches it all the same.
    await page.keyboard.type(lower.replace('á', 'a').toUpperCase());
    const hashtags = page.getByRole('group', { name: 'Hashtags' });
    const tagOption = hashtags.getByRole('option', { name: lower, exact: true });
    await tagOption.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(
      await page.getByRole('listbox', { name: 'Sugerencias de búsqueda' }).getAttribute('id'),
    );
    expect(await axeViolations(page)).toEqual([]);

    // Escape closes the list and keeps the text; a second Escape empties the box.
    // (Polled: the box re-renders after the key, on a busy machine not before the next read.)
    await page.keyboard.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).not.toBe('');
    await page.keyboard.press('Escape');
    await expect.poll(() => box.inputValue()).toBe('');

    await page.keyboard.type(lower.slice(0, -1));
    await tagOption.waitFor();
    await arrowTo(page, box, tagOption);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === `/tags/${lower}`);
    await page.getByRole('heading', { level: 1, name: `#${lower}` }).waitFor();
    expect(await box.inputValue()).toBe('');

    // From the new page's content back up to the header's box.
    await tabTo(page, box, true);
    await page.keyboard.type(author.username);
    const userOption = page
      .getByRole('group', { name: 'Usuarios' })
      .getByRole('option', { name: author.username, exact: true });
    await userOption.waitFor();
    await arrowTo(page, box, userOption);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/perfil/${author.username}`);
    await page.getByRole('heading', { level: 1, name: author.username }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Sin resultados', and closes when a click lands elsewhere", async () => {
    const { context, page, errors } = await open('/contacto');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('zzqxw');
    const none = page.getByRole('paragraph').filter({ hasText: 'Sin resultados' });
    await none.waitFor();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    // Anywhere on the page outside the search, here the left margin of the content.
    await page.mouse.click(10, DESKTOP.height / 2);
    await none.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('search on a phone', () => {
  it('opens full screen, closes with Escape back to its button, and reaches a result', async () => {
    await seed();
    const { context, page, errors } = await open('/contacto', true);
    const opener = page.getByRole('button', { name: 'Abrir la búsqueda' });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Búsqueda' });
    await sheet.waitFor();
    // Once it has risen into place, it covers the whole screen.
    await expect
      .poll(() => sheet.boundingBox())
      .toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    const box = sheet.getByRole('combobox', { name: 'Búsqueda' });
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    await box.fill(author.username.slice(0, -1));
    const userOption = sheet.getByRole('option', { name: author.username, exact: true });
    await userOption.tap();
    await page.waitForURL((url) => url.pathname === `/perfil/${author.username}`);
    await sheet.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: author.username }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
