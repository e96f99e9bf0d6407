import { useEffect, useRef } from 'react';
import { MSG, WALL_VISITOR_POPUP_MS } from '@nomadas/shared';
import { shellStore } from '../app/shellStore';
import { AUTH_MODE, openAuthModal } from '../components/AuthModal/openAuthModal';
import { esMuro } from '../i18n/screens/muro';
import { visitorPopup } from './wallStore';
import styles from './VisitorInvite.module.css';

const text = esMuro.visitor;

/**
 * A visitor who has reached the fifth post gets the invitation popup 2 s later, once (spec §2, §4); not while
 * `paused` (a post is open). A popup already open (the home banner, a like's invitation) is not replaced: this
 * one waits its turn.
 */
export function useVisitorPopup(limited: boolean, paused: boolean) {
  const invited = useRef(false);
  useEffect(() => {
    if (!limited || paused || invited.current) return;
    let stopWaiting = () => {};
    const invite = () => {
      if (shellStore.get().overlay) return false;
      invited.current = true;
      visitorPopup(MSG.visitorMorePosts);
      return true;
    };
    const timer = window.setTimeout(() => {
      if (invite()) return;
      stopWaiting = shellStore.subscribe(() => {
        if (invite()) stopWaiting();
      });
    }, WALL_VISITOR_POPUP_MS);
    return () => {
      window.clearTimeout(timer);
      stopWaiting();
    };
  }, [limited, paused]);
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
