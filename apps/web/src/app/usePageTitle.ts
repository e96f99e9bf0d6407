import { useEffect } from 'react';
import { PAGE_HEAD } from '@nomadas/shared';
import { settings } from '../settings';
import { announcePage } from './routeAnnouncer';

const DEFAULT_TITLE = settings.siteName;
// The description the server wrote into index.html.
const DEFAULT_DESCRIPTION = PAGE_HEAD.description;

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
