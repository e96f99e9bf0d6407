import { useState } from 'react';
import { Link } from 'react-router';
import { Flag, Inbox, RotateCcw, ShieldCheck, Trash2 } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import type { ModerationAction, ModerationItem } from '@nomadas/shared/schemas';
import { QueryScope } from '../../api/QueryScope';
import { ApiFailure } from '../../api/queries/apiData';
import { useModerationQueueQuery, useReviewPostMutation } from '../../api/queries/moderation';
import { usePageTitle } from '../../app/usePageTitle';
import { Avatar } from '../../components/Avatar/Avatar';
import { ConfirmDialog } from '../../components/Modal/ConfirmDialog';
import { toast } from '../../components/Toast/toast';
import { esCommon } from '../../i18n/screens/common';
import { esModeracion } from '../../i18n/screens/moderacion';
import { useSessionUser } from '../../session/session';
import { LoginRequired } from '../_shared/LoginRequired';
import { StatusPanel } from '../_shared/StatusPanel';
import { ReportedPlaces } from './ReportedPlaces';
import { PremiumInterest } from './PremiumInterest';
import skeleton from '../../styles/skeleton.module.css';
import styles from './moderacion.module.css';

const text = esModeracion;

interface Review {
  item: ModerationItem;
  action: ModerationAction;
}

/** /moderacion: posts hidden by reports, for a moderator to restore or remove. */
export default function ModeracionScreen() {
  usePageTitle(text.title, text.description);
  return (
    <QueryScope>
      <div className={`container ${styles.page}`}>
        <Moderation />
      </div>
    </QueryScope>
  );
}

function Moderation() {
  const user = useSessionUser();
  const queue = useModerationQueueQuery(user !== null);
  const [review, setReview] = useState<Review | null>(null);

  if (!user) {
    return <LoginRequired title={text.visitorTitle} message={text.visitorText} />;
  }
  if (queue.isError) {
    const forbidden = queue.error instanceof ApiFailure && queue.error.serverMsg === MSG.moderatorsOnly;
    return forbidden ? (
      <StatusPanel tone="ko" level="h1" title={text.forbiddenTitle} message={text.forbiddenText}>
        <Link to="/muro" className="btn btn-primary">
          {esCommon.goWall}
        </Link>
        <Link to="/contacto" className="btn btn-secondary">
          {esCommon.goContact}
        </Link>
      </StatusPanel>
    ) : (
      <StatusPanel tone="ko" level="h1" title={text.failedTitle} message={text.failedText}>
        <button type="button" className="btn btn-primary" onClick={() => void queue.refetch()}>
          {text.retry}
        </button>
      </StatusPanel>
    );
  }

  const items = queue.data?.pages.flatMap((page) => page.data) ?? [];
  const total = queue.data?.pages[0]?.total ?? 0;
  return (
    <>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <ShieldCheck aria-hidden="true" size={28} className={styles.titleIcon} />
          <h1 className={styles.title}>{text.title}</h1>
          {queue.data && total > 0 && <span className={styles.count}>{text.pending(total)}</span>}
        </div>
        <p className={styles.lead}>{text.lead}</p>
        <p className={styles.note}>{text.weightNote}</p>
      </header>

      {queue.isPending ? (
        <QueueSkeleton />
      ) : items.length === 0 ? (
        <section className={`card ${styles.empty}`} aria-live="polite">
          <Inbox aria-hidden="true" size={40} className={styles.emptyIcon} />
          <h2 className={styles.emptyTitle}>{text.emptyTitle}</h2>
          <p className={styles.emptyText}>{text.emptyText}</p>
        </section>
      ) : (
        <>
          <ul className={styles.list} aria-label={text.listLabel}>
            {items.map((item) => (
              <QueueItem
                key={item.url}
                item={item}
                own={item.username === user.u}
                onReview={(action) => setReview({ item, action })}
              />
            ))}
          </ul>
          {queue.hasNextPage && (
            <div className={styles.more}>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => void queue.fetchNextPage()}
                disabled={queue.isFetchingNextPage}
              >
                {queue.isFetchingNextPage ? esCommon.loading : text.loadMore}
              </button>
            </div>
          )}
        </>
      )}

      {review && <ConfirmReview review={review} onClose={() => setReview(null)} />}
      {queue.data && <ReportedPlaces />}
      {queue.data && <PremiumInterest />}
    </>
  );
}

function QueueItem({
  item,
  own,
  onReview,
}: {
  item: ModerationItem;
  own: boolean;
  onReview: (action: ModerationAction) => void;
}) {
  return (
    <li className={`card ${styles.item}`}>
      <a href={item.mediaJpeg} className={styles.thumb} target="_blank" rel="noopener" title={text.openPhoto}>
        <picture>
          <source type="image/webp" srcSet={item.thumb} />
          <img
            src={item.thumbJpeg}
            width={480}
            height={480}
            alt={text.photoOf(item.username)}
            loading="lazy"
          />
        </picture>
        <span className="visually-hidden"> {esCommon.opensInNewTab}</span>
      </a>
      <div className={styles.body}>
        <p className={styles.author}>
          <Link
            to={`/perfil/${encodeURIComponent(item.username)}`}
            tabIndex={-1}
            aria-hidden="true"
            className={styles.avatarLink}
          >
            <Avatar name={item.username} src={item.userimg} size={32} />
          </Link>
          <Link to={`/perfil/${encodeURIComponent(item.username)}`} className={styles.username}>
            {item.username}
          </Link>
        </p>
        <p className={item.text ? styles.text : `${styles.text} ${styles.noText}`}>
          {item.text || text.noText}
        </p>
        <p className={styles.meta}>
          <span className={styles.reports}>
            <Flag aria-hidden="true" size={16} />
            {text.reports(item.reports)} · {text.weight(item.weight)}
          </span>
          <span>{text.hiddenOn(item.hiddenAt)}</span>
        </p>
      </div>
      {own ? (
        // The server refuses a moderator reviewing their own post: someone else on the team does.
        <p className={styles.ownNote}>{MSG.moderationOwnPost}</p>
      ) : (
        <div className={styles.actions}>
          <button type="button" className="btn btn-secondary" onClick={() => onReview('restore')}>
            <RotateCcw aria-hidden="true" size={18} />
            {text.restore}
            <span className="visually-hidden"> {item.username}</span>
          </button>
          <button type="button" className={`btn ${styles.danger}`} onClick={() => onReview('remove')}>
            <Trash2 aria-hidden="true" size={18} />
            {text.remove}
            <span className="visually-hidden"> {item.username}</span>
          </button>
        </div>
      )}
    </li>
  );
}

function ConfirmReview({ review, onClose }: { review: Review; onClose: () => void }) {
  const mutation = useReviewPostMutation();
  const dialog = review.action === 'restore' ? text.restoreDialog : text.removeDialog;
  const accept = () => {
    void mutation.mutateAsync({ url: review.item.url, action: review.action }).then((answer) => {
      if (answer === false) toast(text.alreadyReviewed, 'ko');
      else toast(answer.msg ?? MSG.serverError, answer.state === 'OK' ? 'ok' : 'ko');
      onClose();
    }, onClose);
  };
  return (
    <ConfirmDialog
      title={dialog.title}
      message={dialog.text}
      accept={dialog.accept}
      cancel={text.cancel}
      onAccept={accept}
      onClose={onClose}
      pending={mutation.isPending}
      acceptClassName={review.action === 'remove' ? `btn ${styles.danger}` : 'btn btn-primary'}
    />
  );
}

function QueueSkeleton() {
  return (
    <ul className={styles.list} aria-hidden="true">
      {[0, 1, 2].map((key) => (
        <li key={key} className={`card ${styles.item}`}>
          <span className={`${skeleton.bone} ${styles.thumb}`} />
          <div className={styles.body}>
            <span className={`${skeleton.line} ${styles.boneName}`} />
            <span className={skeleton.line} />
            <span className={`${skeleton.line} ${styles.boneShort}`} />
          </div>
        </li>
      ))}
    </ul>
  );
}
