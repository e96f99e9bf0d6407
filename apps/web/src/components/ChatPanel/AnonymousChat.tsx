import { useEffect, useId, type CSSProperties } from 'react';
import { BadgeCheck, X } from 'lucide-react';
import { EVENT_CODES } from '@nomadas/shared';
import { sendEvent } from '../../api/tracking';
import { AUTH_MODE, closeChat } from '../../app/shellStore';
import { esChat } from '../../i18n/screens/chat';
import { settings } from '../../settings';
import { openAuthModal } from '../AuthModal/openAuthModal';
import { LogoMark } from '../Logo/Logo';
import { PanelFrame } from './PanelFrame';
import panel from './ChatPanel.module.css';
import styles from './Conversation.module.css';
import own from './AnonymousChat.module.css';

const a = esChat.anonymous;

function goTo(mode: (typeof AUTH_MODE)[keyof typeof AUTH_MODE]) {
  closeChat();
  openAuthModal(mode);
}

/**
 * The chat for visitors (spec §2 "Anonymous chat"): the product account with its three messages and
 * 'Regístrate'. Opening it is reported as event 2 (spec §7 /sev).
 */
export default function AnonymousChat() {
  const titleId = useId();

  useEffect(() => {
    sendEvent(EVENT_CODES.openPromoChat);
  }, []);

  return (
    <PanelFrame labelledBy={titleId} onClose={closeChat}>
      <div className={panel.bar}>
        <span className={styles.peer}>
          <LogoMark size={40} />
          <span id={titleId} className={styles.peerName}>
            <span className={styles.peerText}>{settings.siteName}</span>
            <BadgeCheck aria-hidden="true" size={16} className={styles.verified} />
          </span>
        </span>
        <button type="button" className={panel.iconButton} onClick={closeChat} aria-label={esChat.close}>
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      <div className={styles.log}>
        <ol className={`${styles.messages} ${own.messages}`}>
          {a.messages.map((text, index) => (
            <li
              key={text}
              className={`${styles.item} ${styles.theirsItem} ${own.item}`}
              style={{ '--i': index } as CSSProperties}
            >
              <div className={`${styles.bubble} ${styles.theirs} ${styles.robot}`}>
                <span className="visually-hidden">{settings.siteName}: </span>
                <span className={styles.text}>{text}</span>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className={own.actions}>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => goTo(AUTH_MODE.register)}
          data-autofocus
        >
          {a.register}
        </button>
        <button type="button" className={`link-button ${own.login}`} onClick={() => goTo(AUTH_MODE.login)}>
          {a.login}
        </button>
      </div>
    </PanelFrame>
  );
}
