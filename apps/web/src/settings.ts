import { PUBLIC_SETTINGS_DEFAULTS, type PublicSettings } from '@nomadas/shared';
import { browserStorage } from './app/storage';
import { readJsonScript } from './serverData';

const fallback: PublicSettings = {
  ...PUBLIC_SETTINGS_DEFAULTS,
  analyticsUrl: null,
  publicUrl: window.location.origin,
};

/** The last settings a server's page carried, for the build's bare shell that opens the app offline (src/pwa). */
const SAVED_KEY = 'appSettings';

function savedSettings(): Partial<PublicSettings> | undefined {
  try {
    return JSON.parse(browserStorage.getItem(SAVED_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Runtime settings the server writes into index.html (see server spa.ts); defaults for `vite dev`. */
function readSettings(): PublicSettings {
  const fromPage = readJsonScript<Partial<PublicSettings>>('app-settings');
  if (fromPage) browserStorage.setItem(SAVED_KEY, JSON.stringify(fromPage));
  return { ...fallback, ...(fromPage ?? savedSettings()) };
}

export const settings = readSettings();
