import { Clock3 } from 'lucide-react';
import { COMMENT_AVATAR_PX } from '@nomadas/shared';
import { useOutbox, type OutboxItem } from '../api/outbox/outbox';
import { Avatar } from '../components/Avatar/Avatar';
import { esMuro } from '../i18n/screens/muro';
import { esOutbox } from '../i18n/es.outbox';
import { useSessionUser } from '../session/session';
import { RichText } from './PostParts';
import styles from './Comments.module.css';

type PendingCommentEntry = OutboxItem & { write: { kind: 'comment' } };

/** The comments and replies of a post still in the outbox, oldest first. */
export function usePendingComments(url: string) {
  const entries = useOutbox();
  return entries.filter(
    (entry): entry is PendingCommentEntry => entry.write.kind === 'comment' && entry.write.url === url,
  );
}

/** True when a post has comments of this user waiting to be sent (the list shows them even when empty). */
export function useHasPendingComments(url: string) {
  return usePendingComments(url).length > 0;
}

/**
 * A comment of mine still in the outbox: greyed, with a clock and 'pendiente', or 'No enviado' when the server
 * refused it (the reason, 'Reintentar' and 'Descartar' are in the outbox's tray). It has no id yet to like or answer.
 */
export function PendingComment({ entry }: { entry: PendingCommentEntry }) {
  const user = useSessionUser();
  const refused = entry.state === 'refused';
  return (
    <article
      className={`${styles.comment} ${styles.pendingComment}`}
      data-pending={refused ? 'refused' : 'pending'}
      aria-label={`${esMuro.comments.label}: ${refused ? esOutbox.notSent : esOutbox.pending}`}
    >
      <span className={styles.avatar} aria-hidden="true">
        <Avatar name={entry.user} src={user?.u === entry.user ? user.i : ''} size={COMMENT_AVATAR_PX} />
      </span>
      <div className={styles.body}>
        <div className={styles.bubble}>
          <span className={styles.author}>{entry.user}</span>{' '}
          <RichText value={entry.write.c} hashtags={false} className={styles.text} />
        </div>
        <div className={styles.meta}>
          {refused ? (
            <span className={styles.notSent}>{esOutbox.notSent}</span>
          ) : (
            <span className={styles.pendingNote} title={esOutbox.pendingHint}>
              <Clock3 aria-hidden="true" size={12} />
              {esOutbox.pending}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
