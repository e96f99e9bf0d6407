import { COOKIES_ALL, STORAGE_KEYS } from '@nomadas/shared';
import { shellStore } from '../../app/shellStore';
import { browserStorage } from '../../app/storage';
import { settings } from '../../settings';

export type CookieChoice = 1 | 2;

let analyticsLoaded = false;

/** Loads the optional analytics script, once, and only when one is configured. */
export function loadAnalytics(): void {
  if (analyticsLoaded || !settings.analyticsUrl) return;
  analyticsLoaded = true;
  const script = document.createElement('script');
  script.src = settings.analyticsUrl;
  script.async = true;
  document.head.append(script);
}

/** Stores the visitor's choice (1 essential only, 2 essential and optional) and hides the banner. */
export function saveCookieChoice(choice: CookieChoice): void {
  browserStorage.setItem(STORAGE_KEYS.cookies, String(choice));
  shellStore.set((s) => ({ ...s, cookiesPending: false }));
  if (choice === COOKIES_ALL) loadAnalytics();
}

/** At start-up: a visitor who accepted optional cookies before gets analytics again. */
export function loadAnalyticsIfAccepted(): void {
  if (browserStorage.getItem(STORAGE_KEYS.cookies) === String(COOKIES_ALL)) loadAnalytics();
}
