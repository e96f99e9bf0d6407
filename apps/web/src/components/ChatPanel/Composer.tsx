import {
  lazy,
  Suspense,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { SendHorizontal, Smile } from 'lucide-react';
import { CHAT_TEXT_MAX, isChatText, textLength } from '@nomadas/shared';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import { chat } from '../../chat/chat';
import { esChat } from '../../i18n/screens/chat';
import styles from './Conversation.module.css';

// The picker and its catalogue (a separate chunk of Spanish emoji names) arrive when it is first opened.
const EmojiPicker = lazy(() => import('./EmojiPicker'));

const c = esChat.composer;
/** What was being written in each conversation, kept while the page lives (switching chats loses nothing). */
const drafts = new Map<string, string>();
const MAX_HEIGHT_PX = 140;

/**
 * The message box (spec §2, §5): Enter sends, Shift+Enter starts a new line, a message needs a visible
 * character and at most 2,000 characters (counted as the server counts them), with the emoji picker.
 */
export function Composer({ name }: { name: string }) {
  const [text, setText] = useState(() => drafts.get(name) ?? '');
  const [picker, setPicker] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const counterId = useId();
  const pickerId = useId();
  const used = textLength(text);
  const over = used > CHAT_TEXT_MAX;
  const sendable = isChatText(text);

  // Focus lands here when a conversation opens, ready to write.
  useLayoutEffect(() => {
    field.current?.focus({ preventScroll: true });
  }, []);

  // The box grows with its text up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  function update(next: string) {
    setText(next);
    if (next) drafts.set(name, next);
    else drafts.delete(name);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!sendable) return;
    if (chat.send(text)) {
      update('');
      setPicker(false);
    }
    field.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing a character (Enter confirms it there).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  /** Puts the emoji where the caret is (replacing a selection) and leaves the caret after it. */
  function insert(emoji: string) {
    const element = field.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    update(next);
    requestAnimationFrame(() => {
      const caret = start + emoji.length;
      element?.setSelectionRange(caret, caret);
    });
  }

  function closePicker() {
    setPicker(false);
    emojiButton.current?.focus();
  }

  return (
    <form className={styles.composer} onSubmit={submit}>
      {picker && (
        <ErrorBoundary fallback={<p className={styles.pickerFailed}>{esChat.emoji.failed}</p>}>
          <Suspense fallback={<p className={styles.pickerLoading}>{esChat.emoji.loading}</p>}>
            <EmojiPicker id={pickerId} onPick={insert} onClose={closePicker} />
          </Suspense>
        </ErrorBoundary>
      )}
      <button
        ref={emojiButton}
        type="button"
        className={`${styles.tool} ${picker ? styles.toolActive : ''}`}
        aria-label={c.emoji}
        aria-expanded={picker}
        aria-controls={picker ? pickerId : undefined}
        onClick={() => setPicker((open) => !open)}
      >
        <Smile aria-hidden="true" size={24} />
      </button>
      <label className="visually-hidden" htmlFor={`${hintId}-campo`}>
        {c.label}
      </label>
      <textarea
        ref={field}
        id={`${hintId}-campo`}
        className={styles.field}
        rows={1}
        value={text}
        placeholder={c.placeholder}
        aria-describedby={`${counterId} ${hintId}`}
        aria-invalid={over || undefined}
        onChange={(event) => update(event.target.value)}
        onKeyDown={onKeyDown}
        enterKeyHint="send"
      />
      <button type="submit" className={styles.send} disabled={!sendable} aria-label={c.send}>
        <SendHorizontal aria-hidden="true" size={22} />
      </button>
      <div className={styles.composerMeta}>
        <span id={hintId} className={styles.hint}>
          {over ? <span className={styles.overText}>{c.tooLong}</span> : c.hint}
        </span>
        <span id={counterId} className={`${styles.counter} ${over ? styles.over : ''}`}>
          <span aria-hidden="true">{c.counter(used)}</span>
          <span className="visually-hidden">{c.counterLabel(used)}</span>
        </span>
      </div>
    </form>
  );
}
