import { useEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight, Images, RotateCw, X } from 'lucide-react';
import type { WallPost } from '@nomadas/shared/schemas';
import { DeadEnd } from '../components/DeadEnd/DeadEnd';
import { Modal } from '../components/Modal/Modal';
import { useSessionUser } from '../session/session';
import { esMuro } from '../i18n/screens/muro';
import { CommentBox, CommentThread, CommentsSkeleton, useCommentDraft } from './Comments';
import { CommentButton } from './CommentButton';
import { ShareButton } from '../components/ShareButton/ShareButton';
import { PostMenu } from './PostMenu';
import { LikeButton, PostAuthor, PostImage, RichText, postText } from './PostParts';
import bones from '../styles/skeleton.module.css';
import styles from './PostModal.module.css';

const text = esMuro.modal;

export interface PostModalProps {
  /** The post, once known; undefined while it loads, null when it is not available. */
  post: WallPost | null | undefined;
  /** Set when the post could not be read (no answer): the modal offers to try again. */
  onRetry?: (() => void) | undefined;
  onClose: () => void;
  /** Absent at the ends of the list. */
  onPrevious?: () => void;
  onNext?: () => void;
  /** The next post is on its way from the server. */
  nextLoading?: boolean;
  /** Where focus goes on close instead of the opener (the tile of the post shown last). */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * One post over the list: photo, author, date, text, like, comments with replies and the comment box; previous
 * and next by buttons and the arrow keys. The shared Modal (viewer variant) traps focus, closes on Escape and
 * the backdrop, locks the page's scroll and gives focus back.
 */
export function PostModal({
  post,
  onRetry,
  onClose,
  onPrevious,
  onNext,
  nextLoading,
  returnFocus,
}: PostModalProps) {
  const panel = useRef<HTMLDivElement>(null);

  // ← and → move between posts, unless the key is meant for a text field or a menu.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement;
      const dialog = panel.current?.closest('[role="dialog"]');
      if (!dialog?.contains(target) || target.closest('input, textarea, [role="menu"]')) return;
      const go = event.key === 'ArrowLeft' ? onPrevious : event.key === 'ArrowRight' ? onNext : undefined;
      if (!go) return;
      event.preventDefault();
      go();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onPrevious, onNext]);

  const url = post?.url;
  useEffect(() => {
    panel.current?.scrollTo({ top: 0 });
  }, [url]);

  const title = post
    ? text.title(post.username)
    : post === null
      ? text.missing
      : onRetry
        ? text.failed
        : text.loading;
  return (
    <Modal
      title={title}
      onClose={onClose}
      variant="viewer"
      className={styles.dialog}
      returnFocus={returnFocus}
    >
      <div className={styles.bar}>
        <button
          type="button"
          className={`${styles.barButton} ${styles.close}`}
          onClick={onClose}
          aria-label={text.close}
        >
          <X aria-hidden="true" size={24} />
        </button>
        <span className={styles.spacer} />
        <button
          type="button"
          className={`${styles.barButton} ${styles.previous}`}
          onClick={onPrevious}
          disabled={!onPrevious}
          aria-label={text.previous}
        >
          <ChevronLeft aria-hidden="true" size={26} />
        </button>
        <button
          type="button"
          className={`${styles.barButton} ${styles.next}`}
          onClick={onNext}
          disabled={!onNext}
          aria-busy={nextLoading || undefined}
          aria-label={text.next}
        >
          <ChevronRight aria-hidden="true" size={26} />
        </button>
      </div>
      <div ref={panel} className={styles.panel}>
        {post ? (
          <PostView key={post.url} post={post} />
        ) : post === null ? (
          <div className={styles.gone}>
            <DeadEnd label={text.missingIllustration} className={styles.goneScene} />
            <p className={styles.goneTitle}>{text.missing}</p>
            <p>{text.missingText}</p>
            <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
              <Images aria-hidden="true" size={18} />
              {text.backToWall}
            </button>
          </div>
        ) : onRetry ? (
          <div className={styles.failed}>
            <p>{text.failed}</p>
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              <RotateCw aria-hidden="true" size={18} />
              {text.retry}
            </button>
          </div>
        ) : (
          <ViewSkeleton />
        )}
      </div>
    </Modal>
  );
}

function PostView({ post }: { post: WallPost }) {
  const user = useSessionUser();
  const draft = useCommentDraft();
  const body = postText(post);
  return (
    <article className={styles.view}>
      <div className={styles.media}>
        <PostImage post={post} eager className={styles.picture} />
      </div>
      <header className={styles.head}>
        <PostAuthor post={post} />
        {user && <PostMenu post={post} />}
      </header>
      <div className={styles.scroll}>
        {body && <RichText value={body} className={styles.text} />}
        <section aria-label={esMuro.comments.heading} className={styles.comments}>
          <CommentThread url={post.url} draft={draft} />
        </section>
      </div>
      <div className={styles.actions}>
        <LikeButton post={post} />
        <CommentButton post={post} onClick={draft.focusBox} />
        <ShareButton
          url={`/muro/${encodeURIComponent(post.url)}`}
          title={post.username}
          text={postText(post) || undefined}
          className={`btn btn-ghost ${styles.share}`}
        />
      </div>
      {user && <CommentBox url={post.url} draft={draft} className={styles.box} />}
    </article>
  );
}

function ViewSkeleton() {
  return (
    <div className={styles.view} aria-hidden="true">
      <div className={styles.media}>
        <span className={`${bones.bone} ${styles.mediaBone}`} />
      </div>
      <div className={styles.head}>
        <span className={`${bones.line} ${styles.headBone}`} />
      </div>
      <div className={styles.scroll}>
        <CommentsSkeleton />
      </div>
    </div>
  );
}
