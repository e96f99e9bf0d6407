import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Clock3, Heart, SendHorizontal, X } from 'lucide-react';
import { COMMENT_AVATAR_PX, COMMENT_TEXT_MAX, MSG, hasVisibleText, textLength } from '@nomadas/shared';
import type { WallComment, WallCommentPreview } from '@nomadas/shared/schemas';
import { Avatar } from '../components/Avatar/Avatar';
import { ConfirmDialog } from '../components/Modal/ConfirmDialog';
import { toast } from '../components/Toast/toast';
import { useSessionUser } from '../session/session';
import { flattenComments, useCommentsQuery } from '../api/queries/comments';
import { useDeleteCommentMutation } from '../api/queries/deleteComment';
import { likeComment, outbox, pendingOf, useOutbox, withPendingLike } from '../api/outbox/outbox';
import { esMuro } from '../i18n/screens/muro';
import { esOutbox } from '../i18n/es.outbox';
import { PendingComment, useHasPendingComments, usePendingComments } from './PendingComment';
import { PostDate, RichText, profilePath } from './PostParts';
import { toastFailure, visitorPopup } from './wallStore';
import bones from '../styles/skeleton.module.css';
import styles from './Comments.module.css';

const text = esMuro.comments;

type AnyComment = WallComment | WallCommentPreview;

interface ReplyTarget {
  /** The comment answered (sent as `p`). */
  id: number;
  username: string;
}

/** The comment box's text and whom it answers, owned by the post view so 'Responder' can fill it. */
export function useCommentDraft() {
  const user = useSessionUser();
  const [draft, setDraft] = useState('');
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [openReplies, setOpenReplies] = useState<ReadonlySet<number>>(() => new Set());
  const input = useRef<HTMLInputElement | null>(null);
  const attachInput = useCallback((element: HTMLInputElement | null) => {
    input.current = element;
  }, []);

  const toggleReplies = useCallback((id: number, open?: boolean) => {
    setOpenReplies((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const startReply = useCallback(
    (target: ReplyTarget) => {
      if (!user) return visitorPopup(MSG.visitorComment);
      setReplyTo(target);
      // Starts the answer with a mention of whom it answers, unless that is the writer.
      if (target.username !== user.u)
        setDraft((current) => (current.trim() ? current : `@${target.username} `));
      input.current?.focus();
    },
    [user],
  );

  const cancelReply = useCallback(() => {
    setReplyTo(null);
    setDraft((current) => (/^@\w+ $/.test(current) ? '' : current));
    input.current?.focus();
  }, []);

  const focusBox = useCallback(() => {
    if (!user) return visitorPopup(MSG.visitorComment);
    input.current?.focus();
  }, [user]);

  /** The comment field, where focus goes when the comment it was on is deleted. */
  const inputElement = useCallback(() => input.current, []);

  return {
    draft,
    setDraft,
    replyTo,
    setReplyTo,
    startReply,
    cancelReply,
    focusBox,
    inputElement,
    openReplies,
    toggleReplies,
    attachInput,
  };
}

type CommentDraft = ReturnType<typeof useCommentDraft>;

/** The comment field (logged-in users only): Enter sends, text with no visible character is not sent. */
export function CommentBox({
  url,
  draft,
  className,
}: {
  url: string;
  draft: CommentDraft;
  className?: string;
}) {
  const inputId = useId();
  const { draft: value, setDraft, replyTo, attachInput } = draft;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const c = value;
    if (!hasVisibleText(c)) return;
    if (textLength(c.trim()) > COMMENT_TEXT_MAX) return toast(MSG.commentTooLong, 'ko');
    // In the list at once, pending, through the outbox (issue #31); the server's comment replaces it.
    const p = replyTo?.id ?? 0;
    if (!outbox.add({ kind: 'comment', url, c, p })) return;
    setDraft('');
    draft.setReplyTo(null);
    if (p !== 0) draft.toggleReplies(p, true);
  };

  return (
    <form className={`${styles.box} ${className ?? ''}`} onSubmit={onSubmit}>
      {replyTo && (
        <p className={styles.replying}>
          <span>{text.replyingTo(replyTo.username)}</span>
          <button
            type="button"
            className={styles.cancelReply}
            onClick={draft.cancelReply}
            aria-label={text.cancelReply}
          >
            <X aria-hidden="true" size={16} />
          </button>
        </p>
      )}
      <div className={styles.boxRow}>
        <label className="visually-hidden" htmlFor={inputId}>
          {text.label}
        </label>
        <input
          ref={attachInput}
          id={inputId}
          className={styles.input}
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          placeholder={replyTo ? text.replyPlaceholder : text.placeholder}
          value={value}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="submit"
          className={styles.send}
          aria-label={text.send}
          disabled={!hasVisibleText(value)}
        >
          <SendHorizontal aria-hidden="true" size={20} />
        </button>
      </div>
    </form>
  );
}

interface CommentListProps {
  url: string;
  comments: AnyComment[];
  draft: CommentDraft;
  /** Previews (feed) know how many replies there are but not which: asking for them loads the thread. */
  onShowReplies?: (id: number) => void;
}

export function CommentList({ url, comments, draft, onShowReplies }: CommentListProps) {
  const pending = usePendingComments(url);
  if (comments.length === 0 && pending.length === 0) return null;
  const repliesOf = (id: number) => pending.filter((entry) => entry.write.p === id);
  return (
    <ul className={styles.list}>
      {comments.map((comment) => {
        const count = 'replyCount' in comment ? comment.replyCount : comment.items.length;
        const open = draft.openReplies.has(comment.id) && comment.items.length > 0;
        const repliesId = `${url}-replies-${comment.id}`;
        return (
          <li key={comment.id}>
            <CommentItem url={url} comment={comment} parent={0} draft={draft} />
            {count > 0 && (
              <button
                type="button"
                className={styles.repliesToggle}
                aria-expanded={open}
                aria-controls={open ? repliesId : undefined}
                onClick={() => (onShowReplies ? onShowReplies(comment.id) : draft.toggleReplies(comment.id))}
              >
                <span className={styles.rule} aria-hidden="true" />
                {open ? text.hideReplies : text.showReplies(count)}
              </button>
            )}
            {open && (
              <ul id={repliesId} className={styles.replies}>
                {comment.items.map((reply) => (
                  <li key={reply.id}>
                    <CommentItem url={url} comment={reply} parent={comment.id} draft={draft} />
                  </li>
                ))}
              </ul>
            )}
            {repliesOf(comment.id).length > 0 && (
              <ul className={styles.replies}>
                {repliesOf(comment.id).map((entry) => (
                  <li key={entry.id}>
                    <PendingComment entry={entry} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
      {repliesOf(0).map((entry) => (
        <li key={entry.id}>
          <PendingComment entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function CommentItem({
  url,
  comment,
  parent,
  draft,
}: {
  url: string;
  comment: AnyComment;
  parent: number;
  draft: CommentDraft;
}) {
  const user = useSessionUser();
  const entries = useOutbox();
  const remove = useDeleteCommentMutation();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const waiting = pendingOf(entries, 'likeComment', (write) => write.url === url && write.id === comment.id);
  const { islike, likes } = withPendingLike(comment, waiting);
  const liked = islike === 1;
  const likePending = waiting.length > 0;
  const own = user?.u === comment.username;
  return (
    <article className={styles.comment} aria-busy={remove.isPending || undefined}>
      <Link to={profilePath(comment.username)} tabIndex={-1} aria-hidden="true" className={styles.avatar}>
        <Avatar name={comment.username} src={comment.userimg} size={COMMENT_AVATAR_PX} />
      </Link>
      <div className={styles.body}>
        <div className={styles.bubble}>
          <Link to={profilePath(comment.username)} className={styles.author}>
            {comment.username}
          </Link>{' '}
          <RichText value={comment.comentario} hashtags={false} className={styles.text} />
        </div>
        <div className={styles.meta}>
          <PostDate iso={comment.date} short />
          {likes > 0 && <span>{esMuro.post.likes(likes)}</span>}
          <button
            type="button"
            className={styles.metaButton}
            onClick={() => draft.startReply({ id: comment.id, username: comment.username })}
          >
            {text.reply}
          </button>
          {own && (
            <button
              ref={deleteButton}
              type="button"
              className={styles.metaButton}
              aria-label={text.deleteLabel(comment.username)}
              aria-haspopup="dialog"
              disabled={remove.isPending}
              onClick={() => setConfirming(true)}
            >
              {text.delete}
            </button>
          )}
        </div>
      </div>
      <button
        type="button"
        className={`${styles.like} ${liked ? styles.liked : ''}`}
        aria-pressed={liked}
        aria-label={`${text.likeLabel(comment.username)}${likePending ? `, ${esOutbox.pending}` : ''}`}
        data-pending={likePending || undefined}
        onClick={() => {
          if (!user) return visitorPopup(MSG.visitorLike);
          likeComment(url, comment.id, !liked);
        }}
      >
        <span className={styles.heart}>
          <Heart aria-hidden="true" size={16} fill={liked ? 'currentColor' : 'none'} />
          {likePending && <Clock3 aria-hidden="true" size={10} className={styles.clock} />}
        </span>
      </button>
      {confirming && (
        <ConfirmDialog
          title={esMuro.deleteDialog.title}
          message={text.confirmDelete}
          accept={esMuro.deleteDialog.accept}
          cancel={esMuro.deleteDialog.cancel}
          pending={remove.isPending}
          onAccept={() => {
            if (remove.isPending) return;
            remove
              .mutateAsync({ url, id: comment.id, parent })
              .then(() => setConfirming(false))
              .catch(toastFailure);
          }}
          onClose={() => setConfirming(false)}
          // Deleted, the comment and its button are gone: the comment field takes the focus.
          returnFocus={() => (deleteButton.current?.isConnected ? null : draft.inputElement())}
        />
      )}
    </article>
  );
}

/** Skeleton lines shaped like comments. */
export function CommentsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={styles.skeletonRow}>
          <span className={`${bones.circle} ${styles.skeletonAvatar}`} />
          <span className={styles.skeletonLines}>
            <span className={`${bones.line} ${styles.skeletonShort}`} />
            <span className={bones.line} />
          </span>
        </span>
      ))}
    </div>
  );
}

/**
 * A post's thread (GET /api/comment/get/{post}), replies hidden until asked for: the newest comments, with
 * 'Ver más comentarios' above them bringing the older ones.
 */
export function CommentThread({ url, draft }: { url: string; draft: CommentDraft }) {
  const query = useCommentsQuery(url);
  const pendingHere = useHasPendingComments(url);
  const list = useRef<HTMLDivElement>(null);
  if (query.isPending) {
    return (
      <>
        <p className="visually-hidden" role="status">
          {text.loading}
        </p>
        <CommentsSkeleton />
      </>
    );
  }
  if (query.isError) {
    return (
      <p className={styles.note}>
        {text.failed}{' '}
        <button type="button" className={styles.metaButton} onClick={() => void query.refetch()}>
          {esMuro.list.retry}
        </button>
      </p>
    );
  }
  const comments = flattenComments(query.data);
  if (comments.length === 0 && !query.hasNextPage && !pendingHere)
    return <p className={styles.note}>{text.none}</p>;

  const loadOlder = () => {
    if (query.isFetchingNextPage) return;
    void query.fetchNextPage().then((result) => {
      // The button goes with the last page: focus moves to the oldest comment, where reading continues.
      if (!result.hasNextPage && !result.isError)
        list.current?.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus();
    });
  };
  return (
    <div ref={list}>
      <p className="visually-hidden" role="status">
        {query.isFetchingNextPage ? text.loadingMore : ''}
      </p>
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.more}
          onClick={loadOlder}
          aria-busy={query.isFetchingNextPage || undefined}
        >
          <span className={styles.rule} aria-hidden="true" />
          {text.more}
        </button>
      )}
      {query.isFetchNextPageError && (
        <p className={styles.note} role="alert">
          {text.moreFailed}
        </p>
      )}
      {query.isFetchingNextPage && <CommentsSkeleton rows={2} />}
      <CommentList url={url} comments={comments} draft={draft} />
    </div>
  );
}
