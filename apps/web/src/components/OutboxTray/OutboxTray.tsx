import { CircleAlert } from 'lucide-react';
import { outbox, useOutbox, type OutboxItem } from '../../api/outbox/outbox';
import { esOutbox } from '../../i18n/es.outbox';
import styles from './OutboxTray.module.css';

/** What a write was, in a few words. */
function describe({ write }: OutboxItem): string {
  switch (write.kind) {
    case 'likePost':
      return esOutbox.what.likePost;
    case 'likeComment':
      return esOutbox.what.likeComment;
    case 'comment':
      return esOutbox.what.comment(write.c);
    case 'follow':
      return esOutbox.what.follow(write.username, write.follow);
    case 'review':
      return esOutbox.what.review;
    case 'confirm':
      return esOutbox.what.confirm;
  }
}

/**
 * The writes the server refused (issue #31), each with its reason, 'Reintentar' and 'Descartar', as the chat's
 * failed messages have. They stay until the user chooses; a reload keeps them.
 */
export default function OutboxTray() {
  const refused = useOutbox().filter((entry) => entry.state === 'refused');
  if (refused.length === 0) return null;
  return (
    <section className={styles.tray} aria-label={esOutbox.trayTitle}>
      {refused.map((entry) => (
        <div key={entry.id} className={styles.item} data-outbox-refused={entry.write.kind}>
          <CircleAlert aria-hidden="true" size={20} className={styles.icon} />
          <p className={styles.text} role="alert">
            <strong>{describe(entry)}</strong>
            <span>{entry.msg}</span>
          </p>
          <div className={styles.actions}>
            <button type="button" className="btn btn-secondary" onClick={() => outbox.retry(entry.id)}>
              {esOutbox.retry}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => outbox.discard(entry.id)}>
              {esOutbox.discard}
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
