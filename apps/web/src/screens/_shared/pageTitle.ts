import { useEffect } from 'react';
import { settings } from '../../settings';

/** Tab title "{title} - {site}" (the site name alone for null) and, when given, the meta description. */
export function usePageTitle(title: string | null, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} - ${settings.siteName}` : settings.siteName;
    if (description === undefined) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
