import { useState } from 'react';
import type { WallCommentPreview, WallPost } from '@nomadas/shared/schemas';
import { useSessionUser } from '../session/session';
import { esMuro } from '../i18n/screens/muro';
import { CommentBox, CommentList, CommentThread, useCommentDraft } from './Comments';
import { CommentButton } from './CommentButton';
import { PostMenu } from './PostMenu';
import { LikeButton, PostAuthor, PostImage, RichText, postText } from './PostParts';
import styles from './WallList.module.css';

interface FeedCardProps {
  post: WallPost;
  /** The latest comments the page brought for it (data.comments). */
  previews: WallCommentPreview[];
  eager: boolean;
}

/** Display mode 2: the whole post, its latest comments and an inline comment field (Enter sends). */
export function FeedCard({ post, previews, eager }: FeedCardProps) {
  const user = useSessionUser();
  const draft = useCommentDraft();
  const [thread, setThread] = useState(false);
  const body = postText(post);
  const hidden = post.comentarios > previews.length;

  return (
    <article
      className={`card ${styles.feedCard}`}
      aria-label={esMuro.modal.title(post.username)}
      data-wall-post=""
    >
      <header className={styles.feedHead}>
        <PostAuthor post={post} />
        {user && <PostMenu post={post} />}
      </header>
      <PostImage post={post} eager={eager} className={styles.feedMedia} />
      <div className={styles.feedActions}>
        <LikeButton post={post} />
        <CommentButton post={post} onClick={draft.focusBox} />
      </div>
      {body && <RichText value={body} className={styles.feedText} />}
      <section aria-label={esMuro.comments.heading} className={styles.feedComments}>
        {thread ? (
          <CommentThread url={post.url} draft={draft} />
        ) : (
          <>
            {hidden && (
              <button type="button" className={styles.allComments} onClick={() => setThread(true)}>
                {esMuro.post.showAllComments(post.comentarios)}
              </button>
            )}
            {/* Empty, it still shows the comments of mine on their way. */}
            <CommentList
              url={post.url}
              comments={previews}
              draft={draft}
              onShowReplies={(id) => {
                draft.toggleReplies(id, true);
                setThread(true);
              }}
            />
          </>
        )}
      </section>
      {user && <CommentBox url={post.url} draft={draft} className={styles.feedBox} />}
    </article>
  );
}
