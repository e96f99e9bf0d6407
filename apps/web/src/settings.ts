import { PUBLIC_SETTINGS_DEFAULTS, type PublicSettings } from '@nomadas/shared';
import { readJsonScript } from './serverData';

const fallback: PublicSettings = {
  ...PUBLIC_SETTINGS_DEFAULTS,
  analyticsUrl: null,
  publicUrl: window.location.origin,
};

/** Runtime settings the server writes into index.html (see server spa.ts); defaults for `vite dev`. */
const readSettings = (): PublicSettings => ({
  ...fallback,
  ...readJsonScript<Partial<PublicSettings>>('app-settings'),
});

export const settings = readSettings();
