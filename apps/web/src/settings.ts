import type { PublicSettings } from '@nomadas/shared';

const fallback: PublicSettings = {
  siteName: 'nómadas.tv',
  sitePhone: '+34 900 000 000',
  contactEmail: 'contacto@nomadas.tv',
  professionalsUrl: 'https://profesionales.nomadas.tv',
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
