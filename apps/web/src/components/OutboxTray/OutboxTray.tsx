import { useEffect, useMemo } from 'react';
import { CircleAlert, Clock3 } from 'lucide-react';
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
    case 'placeReport':
      return esOutbox.what.placeReport;
    case 'savePlace':
      return esOutbox.what.savePlace(write.saved);
    case 'post':
      return esOutbox.what.post(write.text);
  }
}

/** The photo of a post kept in the outbox, from its stored file. */
function Thumb({ media }: { media: Blob }) {
  const src = useMemo(() => URL.createObjectURL(media), [media]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  return <img src={src} alt="" className={styles.thumb} width={48} height={48} />;
}

/** A new post on its way: its photo, 'Publicación pendiente' and, until it leaves, 'Descartar'. */
function PendingPost({ entry }: { entry: OutboxItem & { write: { kind: 'post' } } }) {
  return (
    <div className={`${styles.item} ${styles.pending}`} data-outbox-pending="post">
      <Thumb media={entry.write.media} />
      <p className={styles.text}>
        <strong>
          <Clock3 aria-hidden="true" size={14} /> {esOutbox.postPending}
        </strong>
        <span>{esOutbox.pendingHint}</span>
      </p>
      {entry.state === 'waiting' && (
        <div className={styles.actions}>
          <button type="button" className="btn btn-ghost" onClick={() => outbox.discard(entry.id)}>
            {esOutbox.discard}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The writes the server refused (issue #31), each with its reason, 'Reintentar' and 'Descartar', as the chat's
 * failed messages have. They stay until the user chooses; a reload keeps them.
 */
export default function OutboxTray() {
  const entries = useOutbox();
  const refused = entries.filter((entry) => entry.state === 'refused');
  // A new post has no place on the wall before the server has made it: it waits here, in sight.
  const posts = entries.filter(
    (entry): entry is OutboxItem & { write: { kind: 'post' } } =>
      entry.state !== 'refused' && entry.write.kind === 'post',
  );
  if (refused.length === 0 && posts.length === 0) return null;
  return (
    <div className={styles.tray}>
      {posts.length > 0 && (
        <section className={styles.group} aria-label={esOutbox.pendingTitle}>
          {posts.map((entry) => (
            <PendingPost key={entry.id} entry={entry} />
          ))}
        </section>
      )}
      {refused.length > 0 && <RefusedWrites refused={refused} />}
    </div>
  );
}

function RefusedWrites({ refused }: { refused: OutboxItem[] }) {
  return (
    <section className={styles.group} aria-label={esOutbox.trayTitle}>
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
