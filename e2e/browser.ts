import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { appUnderTest } from './app-under-test';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Debian's Chromium for the tests: by default its old headless shell (chromium-headless-shell, the same build
 * without the browser's own interface), which took a third less CPU over this suite than the full browser in
 * headless mode, the suite's largest cost. The shell has no installability check and shows no notifications:
 * a file that tests those asks for the full browser (`full`).
 */
export function launchBrowser(options: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: options.full
      ? (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')
      : (process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'),
    headless: true,
    // Without these, Chromium keeps calling home on this closed network.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Options of a test's browser context. */
export interface ContextOptions {
  phone?: boolean;
  axe?: boolean;
  baseUrl?: string;
  /**
   * Lets the app install its service worker (offline.e2e.test.ts). Off by default: a page the worker has
   * taken sends its requests through it, where a test's page.route never sees them, and each file would
   * download the whole precache.
   */
  serviceWorker?: boolean;
}

/**
 * A fresh browser context (empty storage) on the test server; `phone` uses the 390×844 viewport, `axe` lets
 * axe-core be injected (the app's CSP allows no inline script, and axe is injected as one).
 */
export function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    baseURL: options.baseUrl ?? appUnderTest().baseUrl,
    bypassCSP: options.axe ?? false,
    viewport: options.phone ? PHONE : DESKTOP,
    isMobile: options.phone ?? false,
    hasTouch: options.phone ?? false,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  });
}

/**
 * A page in a fresh context (see newContext) on `path`. `init` runs before the first navigation (e.g.
 * `asLoggedIn`), so the first load already has the state it sets.
 */
export async function openPage(
  browser: Browser,
  options: ContextOptions & { path?: string; init?: (page: Page) => Promise<unknown> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await options.init?.(page);
  await page.goto(options.path ?? '/');
  return { context, page };
}
