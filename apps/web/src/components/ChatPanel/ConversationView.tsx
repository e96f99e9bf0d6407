import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { AlertCircle, ArrowLeft, BadgeCheck, Ban, Check, CheckCheck, Clock, Lock, X } from 'lucide-react';
import { Link } from 'react-router';
import { closeChat } from '../../app/shellStore';
import { useStore } from '../../app/store';
import { chat } from '../../chat/chat';
import type { Bubble, ChatThread } from '../../chat/chatStore';
import { chatDay, chatDayKey, chatTime } from '../../chat/format';
import { lastReadIndex } from '../../chat/chatThreads';
import { esChat } from '../../i18n/screens/chat';
import { ConfirmDialog } from '../Modal/ConfirmDialog';
import { socket } from '../../realtime/realtime';
import { settings } from '../../settings';
import { peerName, PeerAvatar } from './ChatLists';
import { Composer } from './Composer';
import { ConnectionNotice } from './ConnectionNotice';
import { usePhone } from './PanelFrame';
import panel from './ChatPanel.module.css';
import styles from './Conversation.module.css';

const t = esChat.conversation;
/** Closer than this to the top, older messages are fetched; closer than this to the bottom, it follows new ones. */
const EDGE_PX = 120;

/** One conversation (spec §2): back, photo and name, block button, bubbles with time, date separators. */
export function ConversationView({
  name,
  titleId,
  onBack,
}: {
  name: string;
  titleId: string;
  onBack: () => void;
}) {
  const state = useStore(chat.state);
  const phone = usePhone();
  const thread = state.threads.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
  const loading = !thread && state.opening !== 'error';
  const [confirmingBlock, setConfirmingBlock] = useState(false);

  // On a phone the profile replaces the full-screen panel; on a larger screen the panel stays beside it.
  const closeOnPhone = () => {
    if (phone) closeChat();
  };

  return (
    <>
      <div className={panel.bar}>
        <button type="button" className={panel.iconButton} onClick={onBack} aria-label={t.back}>
          <ArrowLeft aria-hidden="true" size={22} />
        </button>
        {thread?.robot ? (
          <span className={styles.peer}>
            <PeerAvatar thread={thread} size={40} />
            <span id={titleId} className={styles.peerName}>
              <span className={styles.peerText}>{settings.siteName}</span>
              <BadgeCheck aria-hidden="true" size={16} className={styles.verified} />
            </span>
          </span>
        ) : (
          <Link
            to={`/perfil/${encodeURIComponent(name)}`}
            className={`${styles.peer} ${panel.peer}`}
            onClick={closeOnPhone}
            title={t.profile(name)}
          >
            <PeerAvatar thread={thread ?? { name, img: '', robot: false }} size={40} />
            <span id={titleId} className={styles.peerName}>
              <span className={styles.peerText}>{thread ? peerName(thread) : name}</span>
            </span>
          </Link>
        )}
        {thread && !thread.robot && (
          <button
            type="button"
            className={`${panel.pill} ${thread.block ? styles.unblock : ''}`}
            aria-pressed={thread.block}
            title={thread.block ? t.unblockHint(name) : t.blockHint(name)}
            onClick={() => (thread.block ? chat.toggleBlock(thread.name) : setConfirmingBlock(true))}
          >
            {thread.block ? t.unblock : t.block}
          </button>
        )}
        {confirmingBlock && thread && (
          <ConfirmDialog
            title={t.blockConfirm.title(peerName(thread))}
            message={t.blockConfirm.text}
            accept={t.blockConfirm.accept}
            cancel={t.blockConfirm.cancel}
            onAccept={() => {
              setConfirmingBlock(false);
              if (!thread.block) chat.toggleBlock(thread.name);
            }}
            onClose={() => setConfirmingBlock(false)}
          />
        )}
        <button type="button" className={panel.iconButton} onClick={closeChat} aria-label={esChat.close}>
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      <ConnectionNotice />

      {thread ? (
        <>
          <MessageLog thread={thread} />
          {thread.robot ? (
            <p className={styles.readOnly}>
              <Lock aria-hidden="true" size={16} />
              {t.officialReadOnly}
            </p>
          ) : thread.block ? (
            <div className={styles.blocked} role="status">
              <Ban aria-hidden="true" size={22} />
              <div>
                <p className={styles.blockedTitle}>{t.blocked}</p>
                <p>{t.blockedText}</p>
              </div>
            </div>
          ) : (
            <Composer key={thread.name} name={thread.name} />
          )}
        </>
      ) : (
        <div className={`${panel.body} ${panel.centered}`} role="status">
          {loading ? (
            <p>{t.loading}</p>
          ) : (
            <>
              <p>{t.failed}</p>
              <button type="button" className={panel.pill} onClick={onBack}>
                {t.back}
              </button>
            </>
          )}
        </div>
      )}
    </>
  );
}

/** The bubbles, oldest at the top, with a separator where the day changes; scrolling up fetches older ones. */
function MessageLog({ thread }: { thread: ChatThread }) {
  const log = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const before = useRef<{ height: number; first?: string; last?: string }>({ height: 0 });
  const { bubbles, fin, loadingOlder } = thread;
  const readUpTo = lastReadIndex(bubbles, thread.sinleer);

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const first = bubbles[0]?.key;
    const last = bubbles[bubbles.length - 1];
    const previous = before.current;
    if (previous.first && first !== previous.first && previous.last === last?.key) {
      // Older messages came in above: what was on screen stays where it was.
      element.scrollTop += element.scrollHeight - previous.height;
    } else if (following.current || (last?.mine && last.key !== previous.last)) {
      element.scrollTop = element.scrollHeight;
      following.current = true;
    }
    before.current = { height: element.scrollHeight, first, last: last?.key };
    // Not enough to scroll yet: fetch older messages without waiting for a scroll that cannot happen.
    if (!fin && !loadingOlder && element.scrollHeight <= element.clientHeight + EDGE_PX)
      void chat.loadOlder(thread.name);
  }, [bubbles, fin, loadingOlder, thread.name]);

  function onScroll() {
    const element = log.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX) void chat.loadOlder(thread.name);
  }

  return (
    <div
      ref={log}
      className={styles.log}
      onScroll={onScroll}
      tabIndex={0}
      aria-label={t.messagesLabel(peerName(thread))}
    >
      {loadingOlder && (
        <p className={styles.older} role="status">
          {t.loadingOlder}
        </p>
      )}
      {bubbles.length === 0 && fin && <p className={styles.empty}>{t.empty(peerName(thread))}</p>}
      <ol className={styles.messages}>
        {bubbles.map((bubble, index) => {
          const day = chatDayKey(bubble.time);
          const newDay = index === 0 || chatDayKey(bubbles[index - 1]!.time) !== day;
          return (
            <Fragment key={bubble.key}>
              {newDay && (
                <li className={styles.day}>
                  <span>{chatDay(bubble.time)}</span>
                </li>
              )}
              <BubbleItem
                bubble={bubble}
                peer={peerName(thread)}
                receipt={
                  bubble.mine && bubble.state === 'sent'
                    ? index <= readUpTo
                      ? 'read'
                      : 'delivered'
                    : undefined
                }
              />
            </Fragment>
          );
        })}
      </ol>
    </div>
  );
}

function BubbleItem({
  bubble,
  peer,
  receipt,
}: {
  bubble: Bubble;
  peer: string;
  /** My stored message: one tick delivered, two read. */
  receipt?: 'delivered' | 'read' | undefined;
}) {
  const connected = useStore(socket.state, (s) => s.status === 'open');
  return (
    <li
      className={`${styles.item} ${bubble.mine ? styles.mineItem : styles.theirsItem}`}
      data-state={bubble.state}
    >
      <div
        className={`${styles.bubble} ${bubble.mine ? styles.mine : styles.theirs} ${
          bubble.robot ? styles.robot : ''
        } ${bubble.state === 'failed' ? styles.failed : ''}`}
      >
        <span className="visually-hidden">{bubble.mine ? t.mine : peer}: </span>
        {bubble.robot && (
          <span className={styles.official}>
            <BadgeCheck aria-hidden="true" size={15} />
            {t.official(settings.siteName)}
          </span>
        )}
        <span className={styles.text}>{bubble.text}</span>
        <span className={styles.meta}>
          <time dateTime={new Date(bubble.time).toISOString()}>{chatTime(bubble.time)}</time>
          {bubble.state === 'pending' && (
            <>
              <Clock aria-hidden="true" size={13} />
              <span className="visually-hidden">{connected ? t.pending : t.waiting}</span>
            </>
          )}
          {receipt && (
            <span className={receipt === 'read' ? styles.read : styles.delivered} data-receipt={receipt}>
              {receipt === 'read' ? (
                <CheckCheck aria-hidden="true" size={14} />
              ) : (
                <Check aria-hidden="true" size={14} />
              )}
              <span className="visually-hidden">{receipt === 'read' ? t.read : t.delivered}</span>
            </span>
          )}
        </span>
      </div>
      {bubble.state === 'pending' && !connected && <p className={styles.status}>{t.waiting}</p>}
      {bubble.state === 'failed' && (
        <div className={styles.failure}>
          <p className={styles.status}>
            <AlertCircle aria-hidden="true" size={15} />
            <span>
              <strong>{t.failedLabel}.</strong> {bubble.error}
            </span>
          </p>
          <div className={styles.failureActions}>
            <button type="button" className={styles.linkButton} onClick={() => chat.retry(bubble.key)}>
              {t.retry}
            </button>
            <button type="button" className={styles.linkButton} onClick={() => chat.discard(bubble.key)}>
              {t.discard}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
