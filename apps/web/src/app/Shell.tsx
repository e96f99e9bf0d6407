import { lazy, Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { trackPathVisit } from '../api/tracking';
import { ChatDock } from '../components/ChatPanel/ChatDock';
import { Header } from '../components/Header/Header';
import { es } from '../i18n/es';
import { keepOfflineDataPerUser } from '../pwa/offlineData';
import { useSessionUser } from '../session/session';
import { ErrorBoundary } from './ErrorBoundary';
import { useFirstScreenMark, useFirstScreenPainted, whenIdle } from './idle';
import { CookieConsent, Overlays } from './Overlays';
import { PageSkeleton } from './PageSkeleton';
import { RouteAnnouncer } from './routeAnnouncer';
import { ScreenError } from './ScreenError';
import { useSessionBridge } from './useSessionBridge';
import styles from './Shell.module.css';

// Below the fold on every screen: its own chunk, asked for once the first screen has painted.
const Footer = lazy(() => import('../components/Footer/Footer'));
// The writes the server refused, with Reintentar / Descartar: only a logged-in user has any.
const OutboxTray = lazy(() => import('../components/OutboxTray/OutboxTray'));
// The service worker and its update banner (#31): registered after the first paint, from a chunk of its own.
const OfflineSupport = lazy(() => import('../pwa/OfflineSupport'));

/**
 * Every visit is reported (spec §2), in a task of its own once the page is idle (its worker costs a
 * phone tens of milliseconds); a page navigated to starts at the top, unless the link points into it.
 * The page the browser opened stays where the browser put it: the top, or where a reload left it, and
 * scrolling there would only force a layout of the first screen.
 */
function useRouteChange() {
  const { pathname, hash } = useLocation();
  const navigated = useRef(false);
  useEffect(() => {
    whenIdle(() => trackPathVisit(pathname), 2000);
    if (navigated.current && !window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    navigated.current = true;
  }, [pathname]);
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('contenido');
  main?.focus({ preventScroll: true });
  main?.scrollIntoView();
}

/**
 * The writes that wait for the signal (api/outbox) go out at start and whenever the connection returns; the
 * module comes as a chunk of its own, so the first screen does not carry it.
 */
function useOutboxBoot() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../api/outbox/outbox')
      .then(({ bootOutbox }) => {
        if (!gone) stop = bootOutbox();
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
}

/** The global shell of spec §2 around every screen. */
export function Shell() {
  useRouteChange();
  useOutboxBoot();
  useEffect(keepOfflineDataPerUser, []);
  const user = useSessionUser();
  useSessionBridge();
  const { pathname } = useLocation();
  useFirstScreenMark();
  const painted = useFirstScreenPainted();

  return (
    <div className={styles.shell}>
      <a href="#contenido" className={styles.skip} onClick={skipToContent}>
        {es.shell.skipLink}
      </a>
      {painted && <CookieConsent />}
      <Header />
      <RouteAnnouncer />
      <main id="contenido" tabIndex={-1} className={styles.main}>
        {/* A failed screen does not stay failed once the visitor goes elsewhere. */}
        <ErrorBoundary resetKey={pathname} fallback={<ScreenError />}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {painted && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </ErrorBoundary>
      )}
      {painted && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <OfflineSupport />
          </Suspense>
        </ErrorBoundary>
      )}
      <ChatDock />
      {user && (
        <ErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <OutboxTray />
          </Suspense>
        </ErrorBoundary>
      )}
      <Overlays />
    </div>
  );
}
