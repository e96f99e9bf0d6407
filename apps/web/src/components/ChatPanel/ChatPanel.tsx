import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { QueryScope } from '../../api/QueryScope';
import { closeChat, shellStore, useShell } from '../../app/shellStore';
import { useStore } from '../../app/store';
import { chat } from '../../chat/chat';
import { unreadTotal } from '../../chat/chatStore';
import { esChat } from '../../i18n/screens/chat';
import { socket } from '../../realtime/realtime';
import { ChatLists, tabId, tabPanelId, type ChatTab } from './ChatLists';
import { ConnectionNotice } from './ConnectionNotice';
import { ConversationView } from './ConversationView';
import { PanelFrame } from './PanelFrame';
import styles from './ChatPanel.module.css';

/** The chat panel of a logged-in user (spec §2): tabs Chats and Amigos, or one conversation. */
export default function ChatPanel() {
  const state = useStore(chat.state);
  const connection = useStore(socket.state, (s) => s.status);
  const chatWith = useShell((s) => s.chatWith);
  const titleId = useId();
  const [tab, setTab] = useState<ChatTab>('chats');
  /** The conversation just left, whose row gets focus back. */
  const [left, setLeft] = useState<string | null>(null);

  useEffect(() => {
    chat.setPanel(true);
    return () => chat.setPanel(false);
  }, []);

  // A profile's 'Enviar mensaje': that conversation, even one with no message yet.
  useEffect(() => {
    if (!chatWith) return;
    chat.openThread(chatWith);
    shellStore.set((s) => ({ ...s, chatWith: null }));
  }, [chatWith]);

  function back() {
    setLeft(state.open);
    setTab('chats');
    chat.closeThread();
  }

  return (
    <QueryScope>
      <PanelFrame labelledBy={titleId} onClose={closeChat} connection={connection}>
        {state.open ? (
          <ConversationView key={state.open} name={state.open} titleId={titleId} onBack={back} />
        ) : (
          <>
            <div className={styles.bar}>
              <h2 id={titleId} className={styles.title}>
                {esChat.title}
              </h2>
              <button
                type="button"
                className={styles.iconButton}
                onClick={closeChat}
                aria-label={esChat.close}
                data-autofocus
              >
                <X aria-hidden="true" size={22} />
              </button>
            </div>
            <ConnectionNotice />
            <Tabs tab={tab} onChange={setTab} unread={unreadTotal(state)} />
            <ChatLists tab={tab} state={state} focusName={left} />
          </>
        )}
      </PanelFrame>
    </QueryScope>
  );
}

const TABS: ChatTab[] = ['chats', 'amigos'];

/** Spec §2: two tabs, Chats and Amigos; arrow keys move between them. */
function Tabs({ tab, onChange, unread }: { tab: ChatTab; onChange: (tab: ChatTab) => void; unread: number }) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    onChange(TABS[next]!);
    list.current?.querySelector<HTMLElement>(`#${tabId(TABS[next]!)}`)?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={esChat.tabsLabel}
      className={styles.tabs}
      onKeyDown={onKeyDown}
    >
      {TABS.map((name) => (
        <button
          key={name}
          id={tabId(name)}
          type="button"
          role="tab"
          aria-selected={tab === name}
          aria-controls={tabPanelId(name)}
          tabIndex={tab === name ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(name)}
        >
          {esChat.tabs[name]}
          {name === 'chats' && unread > 0 && (
            <span className={styles.count}>
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="visually-hidden">{esChat.list.unread(unread)}</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
