import { lazy, Suspense } from 'react';
import { loadAuthModal } from '../components/AuthModal/openAuthModal';
import { curtainStore } from '../components/Curtain/curtain';
import { toast, toastStore } from '../components/Toast/toast';
import { es } from '../i18n/es';
import { ErrorBoundary } from './ErrorBoundary';
import { loadHomeBanner, useHomeBanner } from './homeBanner';
import { closeOverlay, useShell } from './shellStore';
import { useStore } from './store';

// Popups are separate chunks: none of them is on the first screen (and the auth modal carries zod).
const AuthModal = lazy(loadAuthModal);
const InfoPopup = lazy(() => import('../components/InfoPopup/InfoPopup'));
const HomeBanner = lazy(loadHomeBanner);
const CookieBanner = lazy(() => import('../components/CookieBanner/CookieBanner'));
// Toasts and the curtain too: their stores are here from the start, their looks arrive with the first use.
const Toaster = lazy(() => import('../components/Toast/Toaster'));
const Curtain = lazy(() => import('../components/Curtain/Curtain'));

function onPopupError() {
  closeOverlay();
  toast(es.shell.popupFailed, 'ko');
}

/** The shell's popups, one at a time, and the toasts and curtain above them. */
export function Overlays() {
  const overlay = useShell((s) => s.overlay);
  const hasToasts = useStore(toastStore, (items) => items.length > 0);
  const curtain = useStore(curtainStore, (count) => count > 0);
  useHomeBanner();
  return (
    <>
      {/* A popup whose chunk cannot load closes itself with a message instead of taking the page down. */}
      <ErrorBoundary resetKey={overlay?.kind} fallback={null} onError={onPopupError}>
        <Suspense fallback={null}>
          {overlay?.kind === 'auth' && <AuthModal mode={overlay.mode} />}
          {overlay?.kind === 'info' && <InfoPopup options={overlay.options} />}
          {overlay?.kind === 'homeBanner' && <HomeBanner />}
        </Suspense>
      </ErrorBoundary>
      {/* Separate boundaries: one loading never hides another that is already on screen. */}
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>{hasToasts && <Toaster />}</Suspense>
      </ErrorBoundary>
      <ErrorBoundary fallback={null}>
        <Suspense fallback={null}>{curtain && <Curtain />}</Suspense>
      </ErrorBoundary>
    </>
  );
}

/** The cookie choice, early in the reading order so keyboard and screen-reader users meet it first. */
export function CookieConsent() {
  const pending = useShell((s) => s.cookiesPending);
  if (!pending) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
    </ErrorBoundary>
  );
}
