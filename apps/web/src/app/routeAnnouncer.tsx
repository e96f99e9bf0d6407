import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { es } from '../i18n/es';
import { createStore, useStore } from './store';

// Screen readers hear nothing when a single-page app changes page: after a navigation, the new title is read.
const message = createStore('');
let navigated = false;

export function announcePage(title: string) {
  if (!navigated) return;
  navigated = false;
  message.set(es.shell.pageLoaded(title));
}

/** Place before <main>: its effect must run before the screen's usePageTitle in the same commit. */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const text = useStore(message);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    navigated = true;
  }, [pathname]);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
