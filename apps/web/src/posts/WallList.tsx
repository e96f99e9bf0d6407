import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Heart, LockKeyhole, MessageCircle } from 'lucide-react';
import { WALL_GRID_COLUMNS } from '@nomadas/shared';
import { AUTH_MODE, openAuthModal } from '../components/AuthModal/openAuthModal';
import type { WallCommentPreview, WallPost } from '@nomadas/shared/schemas';
import { esMuro } from '../i18n/screens/muro';
import { FeedCard } from './FeedCard';
import { firstWords } from './format';
import { PostImage, postText } from './PostParts';
import bones from '../styles/skeleton.module.css';
import styles from './WallList.module.css';

export type WallMode = 1 | 2;

/** Rows of the grid, cards of the feed, that are likely on the first screen: their images load at once. */
const EAGER = { 1: 6, 2: 1 } as const;

interface WallListProps {
  mode: WallMode;
  posts: WallPost[];
  comments: Record<string, WallCommentPreview[]>;
  /** Opens a post of the grid in the modal. */
  onOpen: (post: WallPost, event: MouseEvent<HTMLAnchorElement>) => void;
  /** A visitor's wall ends here: the grid's last row is completed with an invitation. */
  locked?: boolean;
}

/** 'Post de ana: Amanecer en Somiedo… 8 me gusta, 7 comentarios' rather than the counts alone. */
const tileLabel = (post: WallPost) =>
  esMuro.list.tile(
    post.username,
    firstWords(postText(post)),
    esMuro.post.likes(post.likes),
    esMuro.post.comments(post.comentarios),
  );

export function WallList({ mode, posts, comments, onOpen, locked }: WallListProps) {
  const gap = (WALL_GRID_COLUMNS - (posts.length % WALL_GRID_COLUMNS)) % WALL_GRID_COLUMNS;
  if (mode === 2) {
    return (
      <div className={styles.feed}>
        {posts.map((post, i) => (
          <FeedCard key={post.url} post={post} previews={comments[post.url] ?? []} eager={i < EAGER[2]} />
        ))}
      </div>
    );
  }
  return (
    <ul className={styles.grid}>
      {posts.map((post, i) => (
        <li key={post.url} className={styles.tile} data-wall-post="">
          <Link
            to={`/muro/${encodeURIComponent(post.url)}`}
            className={styles.tileLink}
            aria-label={tileLabel(post)}
            onClick={(event) => onOpen(post, event)}
          >
            <PostImage post={post} thumb eager={i < EAGER[1]} className={styles.tilePicture} />
            <span className={styles.tileStats} aria-hidden="true">
              <span>
                <Heart size={18} fill="currentColor" /> {post.likes}
              </span>
              <span>
                <MessageCircle size={18} fill="currentColor" /> {post.comentarios}
              </span>
            </span>
          </Link>
        </li>
      ))}
      {locked && gap > 0 && (
        <li className={styles.lockedTile} style={{ gridColumn: `span ${gap}` }}>
          <button type="button" onClick={() => openAuthModal(AUTH_MODE.register)}>
            <LockKeyhole aria-hidden="true" size={24} />
            <span>{esMuro.visitor.moreTile}</span>
          </button>
        </li>
      )}
    </ul>
  );
}

/** Shapes of what is coming, in the current mode (skeletons, never spinners). */
export function WallSkeleton({ mode, count }: { mode: WallMode; count: number }) {
  if (mode === 2) {
    return (
      <div className={styles.feed} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={`card ${styles.feedCard} ${styles.feedBone}`}>
            <span className={styles.feedHead}>
              <span className={`${bones.circle} ${styles.avatarBone}`} />
              <span className={`${bones.line} ${styles.nameBone}`} />
            </span>
            <span className={`${bones.bone} ${styles.mediaBone}`} />
            <span className={`${bones.line} ${styles.textBone}`} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className={`${bones.bone} ${styles.tileBone}`} />
      ))}
    </div>
  );
}
