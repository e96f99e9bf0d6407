import { lazy, Suspense, useEffect, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { useLocation } from 'react-router';
import { toggleChat, useShell } from '../../app/shellStore';
import { useStore } from '../../app/store';
import { chatAnnouncement, useChatUnread } from '../../chat/unread';
import { esChat } from '../../i18n/screens/chat';
import { useSessionUser } from '../../session/session';
import { TRIGGER_ID } from './PanelFrame';
import styles from './ChatLauncher.module.css';
import panelStyles from './ChatPanel.module.css';

// The panel's code comes with the first opening: the conversations for a user, the promotion for a visitor.
const ChatPanel = lazy(() => import('./ChatPanel'));
const AnonymousChat = lazy(() => import('./AnonymousChat'));

/** Where the wall's floating 'Nueva publicación' button takes the same corner on a phone. */
function hasWallButton(pathname: string, search: string): boolean {
  if (/^\/(muro|tags)(\/|$)/.test(pathname)) return true;
  return pathname === '/perfil' && new URLSearchParams(search).get('tab') === 'muro';
}

/** Scrolled past this, going down, the trigger steps aside. */
const TUCK_AFTER_PX = 80;

/**
 * True while the page is being scrolled down (and `enabled`): over the wall's grid on a phone, where the trigger
 * stacks above 'Nueva publicación', it steps aside and comes back as soon as the page goes up again.
 */
function useScrollingDown(enabled: boolean): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - last) < 8) return;
      setDown(y > last && y > TUCK_AFTER_PX);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && down;
}

/** The panel's outline while its code arrives. */
function PanelLoading() {
  return (
    <div className={panelStyles.panel} role="status">
      <div className={panelStyles.bar}>
        <span className={panelStyles.title}>{esChat.title}</span>
      </div>
      <p className={panelStyles.centered}>{esChat.loadingPanel}</p>
    </div>
  );
}

/**
 * The floating chat trigger with the unread count (spec §2), the panel when open, and a polite live region
 * that tells screen readers about arriving messages.
 */
export default function ChatLauncher() {
  const user = useSessionUser();
  const open = useShell((s) => s.chatOpen);
  const cookiesPending = useShell((s) => s.cookiesPending);
  const unread = useChatUnread();
  const announcement = useStore(chatAnnouncement);
  const { pathname, search } = useLocation();
  const count = user ? unread : 0;
  const lifted = Boolean(user) && hasWallButton(pathname, search);
  const tucked = useScrollingDown(lifted && !open);

  return (
    <>
      {/* The cookie banner takes the bottom of the screen first; the header's Chat button still works. */}
      {!cookiesPending && (
        <button
          id={TRIGGER_ID}
          type="button"
          className={`${styles.trigger} ${lifted ? styles.lifted : ''} ${tucked ? styles.tucked : ''} ${open ? styles.hidden : ''}`}
          aria-label={count > 0 ? esChat.openUnread(count) : esChat.open}
          aria-expanded={open}
          onClick={toggleChat}
        >
          <MessageCircle aria-hidden="true" size={26} />
          {count > 0 && (
            <span className={styles.badge} aria-hidden="true">
              {count > 99 ? '99+' : count}
            </span>
          )}
        </button>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement.text && <span key={announcement.id}>{announcement.text}</span>}
      </div>
      {open && <Suspense fallback={<PanelLoading />}>{user ? <ChatPanel /> : <AnonymousChat />}</Suspense>}
    </>
  );
}
