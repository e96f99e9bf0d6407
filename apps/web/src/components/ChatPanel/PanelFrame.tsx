import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import styles from './ChatPanel.module.css';

/** Where the panel is full-screen (and modal) rather than docked beside the page. */
const PHONE = '(max-width: 767px)';
export const TRIGGER_ID = 'chat-trigger';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function subscribePhone(listener: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
const isPhone = () => window.matchMedia(PHONE).matches;

/** True on a phone-sized screen, following resizes. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribePhone, isPhone, isPhone);
}

const isShown = (element: Element | null): element is HTMLElement =>
  element instanceof HTMLElement &&
  element !== document.body &&
  element.isConnected &&
  element.getClientRects().length > 0;

/**
 * The chat panel's frame: full-screen and modal on a phone (Tab stays inside, the page behind does not
 * scroll), a docked window beside the page on larger screens. Focus moves in on opening (to
 * `[data-autofocus]` or the panel), Escape closes, and focus goes back to what opened it.
 */
export function PanelFrame({
  labelledBy,
  onClose,
  connection,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  /** The socket's state, on the panel as data-connection (none, connecting, open). */
  connection?: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  const phone = usePhone();

  useEffect(() => {
    // The floating trigger hides while the panel is open (focus falls to the body): it is the fallback.
    const opener = document.activeElement;
    const element = panel.current;
    (element?.querySelector<HTMLElement>('[data-autofocus]') ?? element)?.focus({ preventScroll: true });
    return () => {
      // The panel has gone (and the trigger is back): only if that left focus with nowhere to be.
      const active = document.activeElement;
      if (active && active !== document.body && !element?.contains(active)) return;
      const back = isShown(opener) ? opener : document.getElementById(TRIGGER_ID);
      back?.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    if (!phone) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, [phone]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !phone || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isShown);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal={phone || undefined}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={styles.panel}
      data-connection={connection}
      onKeyDown={onKeyDown}
    >
      {children}
    </section>
  );
}
