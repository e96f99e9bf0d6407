import { useEffect, useRef, useState, type RefObject } from 'react';
import { MSG, WALL_VISITOR_POPUP_MS, WALL_VISITOR_POSTS } from '@nomadas/shared';
import { shellStore } from '../app/shellStore';
import { AUTH_MODE, openAuthModal } from '../components/AuthModal/openAuthModal';
import { esMuro } from '../i18n/screens/muro';
import { visitorPopup } from './wallStore';
import styles from './VisitorInvite.module.css';

const text = esMuro.visitor;

/** A panel or dialog is open (the chat, the menu, a popup, a post): the invitation never covers it. */
function somethingOpen(): boolean {
  const shell = shellStore.get();
  return (
    !!shell.overlay ||
    shell.chatOpen ||
    shell.menuOpen ||
    !!document.querySelector('dialog[open], [role="dialog"], [role="alertdialog"]')
  );
}

/**
 * A visitor who has reached the fifth post (it came into view) gets the invitation popup 2 s later, once
 * (spec §2, §4); not while `paused` (a post is open). Whatever else is open (the chat, the menu, another
 * popup) is not covered: the invitation waits until it closes.
 */
export function useVisitorPopup(
  limited: boolean,
  paused: boolean,
  list: RefObject<HTMLElement | null>,
  /** What the list draws (grid or feed): another view, another fifth post to watch. */
  view: unknown,
) {
  const invited = useRef(false);
  const [reached, setReached] = useState(false);

  useEffect(() => {
    const fifth = list.current?.querySelectorAll('[data-wall-post]')[WALL_VISITOR_POSTS - 1];
    if (!limited || reached || !fifth) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setReached(true);
    });
    observer.observe(fifth);
    return () => observer.disconnect();
  }, [limited, reached, list, view]);

  useEffect(() => {
    if (!limited || !reached || paused || invited.current) return;
    let stopWaiting = () => {};
    let waitTimer = 0;
    const invite = () => {
      if (somethingOpen()) return false;
      invited.current = true;
      visitorPopup(MSG.visitorMorePosts);
      return true;
    };
    const timer = window.setTimeout(() => {
      if (invite()) return;
      // The shell says when its popups and panels close; a dialog of a screen is looked for again.
      const again = () => {
        if (!invite()) return;
        stopWaiting();
      };
      const unsubscribe = shellStore.subscribe(again);
      waitTimer = window.setInterval(again, 1000);
      stopWaiting = () => {
        unsubscribe();
        window.clearInterval(waitTimer);
      };
    }, WALL_VISITOR_POPUP_MS);
    return () => {
      window.clearTimeout(timer);
      stopWaiting();
    };
  }, [limited, reached, paused]);
}

/** The end of a visitor's list: the same invitation as the popup, for when it has been closed. */
export function VisitorInvite() {
  return (
    <div className={`card ${styles.invite}`}>
      <h2 className={styles.inviteTitle}>{text.endTitle}</h2>
      <p>{MSG.visitorMorePosts}</p>
      <div className={styles.inviteActions}>
        <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.register)}>
          {text.register}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => openAuthModal(AUTH_MODE.login)}>
          {text.login}
        </button>
      </div>
    </div>
  );
}
