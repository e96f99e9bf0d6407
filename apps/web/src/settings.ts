import { PUBLIC_SETTINGS_DEFAULTS, type PublicSettings } from '@nomadas/shared';

const fallback: PublicSettings = {
  ...PUBLIC_SETTINGS_DEFAULTS,
  analyticsUrl: null,
  publicUrl: window.location.origin,
};

/** Runtime settings the server writes into index.html (see server spa.ts); defaults for `vite dev`. */
function readSettings(): PublicSettings {
  const element = document.getElementById('app-settings');
  if (!element?.textContent) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(element.textContent) as Partial<PublicSettings>) };
  } catch {
    return fallback;
  }
}

export const settings = readSettings();
