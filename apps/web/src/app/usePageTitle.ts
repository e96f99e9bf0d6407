import { useEffect } from 'react';
import { es } from '../i18n/es';
import { settings } from '../settings';
import { announcePage } from './routeAnnouncer';

const DEFAULT_TITLE = settings.siteName;
const DEFAULT_DESCRIPTION = es.meta.defaultDescription(settings.siteName);

function setDescription(content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Sets the tab title to "{title} - {site}" (the site name alone for null) and the meta description while
 * the screen is shown; both go back to the defaults when it unmounts. Spec §2: the wall uses
 * `usePageTitle('Muro', 'Red social de nómadas.tv')`.
 */
export function usePageTitle(title: string | null, description?: string) {
  useEffect(() => {
    const full = title ? `${title} - ${settings.siteName}` : DEFAULT_TITLE;
    document.title = full;
    setDescription(description ?? DEFAULT_DESCRIPTION);
    announcePage(full);
    return () => {
      document.title = DEFAULT_TITLE;
      setDescription(DEFAULT_DESCRIPTION);
    };
  }, [title, description]);
}
