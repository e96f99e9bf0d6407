import { useEffect } from 'react';
import { MessageCircle, MessageSquarePlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useFriendsQuery } from '../../api/queries/friends';
import { closeChat } from '../../app/shellStore';
import type { ChatState, ChatThread } from '../../chat/chatStore';
import { chat } from '../../chat/chat';
import { chatDay, chatDayKey, chatTime } from '../../chat/format';
import { esChat } from '../../i18n/screens/chat';
import { settings } from '../../settings';
import { Avatar } from '../Avatar/Avatar';
import { LogoMark } from '../Logo/Logo';
import styles from './ChatPanel.module.css';

export type ChatTab = 'chats' | 'amigos';
export const tabId = (tab: ChatTab) => `chat-pestana-${tab}`;
export const tabPanelId = (tab: ChatTab) => `chat-panel-${tab}`;
export const rowId = (name: string) => `chat-fila-${name}`;

/** The selected tab's list. */
export function ChatLists({
  tab,
  state,
  focusName,
}: {
  tab: ChatTab;
  state: ChatState;
  focusName: string | null;
}) {
  return (
    <div role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabId(tab)} className={styles.body}>
      {tab === 'chats' ? (
        <ConversationList threads={state.threads} status={state.list} focusName={focusName} />
      ) : (
        <FriendsList />
      )}
    </div>
  );
}

/** A conversation's picture: the brand mark for the official account. */
export function PeerAvatar({
  thread,
  size,
}: {
  thread: Pick<ChatThread, 'name' | 'img' | 'robot'>;
  size: number;
}) {
  return thread.robot ? <LogoMark size={size} /> : <Avatar name={thread.name} src={thread.img} size={size} />;
}

/** The name shown for a conversation: the site's for the official account. */
export const peerName = (thread: Pick<ChatThread, 'name' | 'robot'>) =>
  thread.robot ? settings.siteName : thread.name;

function when(time: number): string {
  return chatDayKey(time) === chatDayKey(Date.now()) ? chatTime(time) : chatDay(time);
}

function Skeleton() {
  return (
    <div aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <div key={index} className={styles.skeleton} />
      ))}
    </div>
  );
}

/** The Chats tab: conversations, the most recent first, with the last message and the unread count. */
export function ConversationList({
  threads,
  status,
  focusName,
}: {
  threads: ChatThread[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The conversation just left: focus goes back to its row. */
  focusName: string | null;
}) {
  useEffect(() => {
    if (focusName) document.getElementById(rowId(focusName))?.focus({ preventScroll: false });
  }, [focusName]);

  if (threads.length === 0) {
    if (status === 'loading' || status === 'idle')
      return (
        <div role="status">
          <span className="visually-hidden">{esChat.list.loading}</span>
          <Skeleton />
        </div>
      );
    if (status === 'error')
      return (
        <div className={styles.centered}>
          <p>{esChat.list.failed}</p>
          <button type="button" className={styles.pill} onClick={() => void chat.refresh()}>
            {esChat.list.retry}
          </button>
        </div>
      );
    return (
      <div className={styles.centered}>
        <span className={styles.emptyIcon} aria-hidden="true">
          <MessageCircle size={30} />
        </span>
        <p className={styles.emptyTitle}>{esChat.list.emptyTitle}</p>
        <p>{esChat.list.emptyText}</p>
      </div>
    );
  }

  return (
    <ul className={styles.list}>
      {threads.map((thread) => {
        const last = thread.bubbles[thread.bubbles.length - 1];
        const preview = thread.block
          ? esChat.list.blocked
          : last
            ? `${last.mine ? esChat.list.you : ''}${last.text}`
            : esChat.list.noMessages;
        return (
          <li key={thread.name}>
            <button
              id={rowId(thread.name)}
              type="button"
              className={`${styles.row} ${thread.novisto > 0 ? styles.unread : ''}`}
              onClick={() => chat.openThread(thread.name)}
            >
              <span className={styles.avatarWrap}>
                <PeerAvatar thread={thread} size={48} />
              </span>
              <span className={styles.rowMain}>
                <span className={styles.rowTop}>
                  <span className={styles.name}>{peerName(thread)}</span>
                  {last && <span className={styles.when}>{when(last.time)}</span>}
                </span>
                <span className={styles.rowBottom}>
                  {thread.robot && <span className={styles.chip}>{esChat.list.official}</span>}
                  <span className={`${styles.preview} ${thread.block ? styles.blockedNote : ''}`}>
                    {preview}
                  </span>
                  {thread.novisto > 0 && (
                    <span className={styles.count}>
                      <span aria-hidden="true">{thread.novisto > 99 ? '99+' : thread.novisto}</span>
                      <span className="visually-hidden">{esChat.list.unread(thread.novisto)}</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The Amigos tab (GET /api/friends): each friend opens the conversation with them. */
export function FriendsList() {
  const friends = useFriendsQuery();

  if (friends.isPending)
    return (
      <div role="status">
        <span className="visually-hidden">{esChat.friends.loading}</span>
        <Skeleton />
      </div>
    );
  if (friends.isError)
    return (
      <div className={styles.centered}>
        <p>{esChat.friends.failed}</p>
        <button type="button" className={styles.pill} onClick={() => void friends.refetch()}>
          {esChat.list.retry}
        </button>
      </div>
    );
  if (friends.data.length === 0)
    return (
      <div className={styles.centered}>
        <span className={styles.emptyIcon} aria-hidden="true">
          <Users size={30} />
        </span>
        <p className={styles.emptyTitle}>{esChat.friends.emptyTitle}</p>
        <p>{esChat.friends.emptyText}</p>
        <Link to="/muro" className={styles.pill} onClick={closeChat}>
          {esChat.friends.goWall}
        </Link>
      </div>
    );

  return (
    <ul className={styles.list}>
      {friends.data.map((friend) => (
        <li key={friend.username}>
          <button
            type="button"
            className={styles.row}
            onClick={() => chat.openThread(friend.username)}
            aria-label={esChat.friends.write(friend.username)}
          >
            <span className={styles.avatarWrap}>
              <Avatar name={friend.username} src={friend.img} size={48} />
            </span>
            <span className={styles.rowMain}>
              <span className={styles.name}>{friend.username}</span>
            </span>
            <MessageSquarePlus aria-hidden="true" size={22} className={styles.rowAction} />
          </button>
        </li>
      ))}
    </ul>
  );
}
