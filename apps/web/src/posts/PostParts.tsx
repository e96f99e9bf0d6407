import { useState } from 'react';
import { Link } from 'react-router';
import { Clock3, EyeOff, Heart, ImageOff, MapPin } from 'lucide-react';
import { MSG, tokenizeText, WALL_TILE_SIZES, wallThumbSrcSet } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { Avatar } from '../components/Avatar/Avatar';
import { useSessionUser } from '../session/session';
import { likePost, pendingOf, useOutbox, withPendingLike } from '../api/outbox/outbox';
import { esOutbox } from '../i18n/es.outbox';
import { esMuro } from '../i18n/screens/muro';
import { esPlacePicker } from '../i18n/screens/placePicker';
import { dateLabel, shorten } from './format';
import { visitorPopup } from './wallStore';
import styles from './PostParts.module.css';

const text = esMuro.post;

/** What a post says now: the edited text when there is one (spec §3). */
export const postText = (post: WallPost) => post.descripcion ?? post.mediatext;

export const profilePath = (username: string) => `/perfil/${encodeURIComponent(username)}`;
const tagPath = (tag: string) => `/tags/${encodeURIComponent(tag.toLocaleLowerCase('es'))}`;

/**
 * User text with its hashtags linking /tags/{tag} and mentions linking /perfil/{username}, as elements (never
 * HTML). Hashtags stay plain text inside comments (spec §5).
 */
export function RichText({
  value,
  hashtags = true,
  className,
}: {
  value: string;
  hashtags?: boolean;
  className?: string;
}) {
  return (
    <p className={className}>
      {tokenizeText(value, hashtags).map((token, i) => {
        if (token.kind === 'hashtag') {
          return (
            <Link key={i} to={tagPath(token.tag)} className={styles.tag}>
              {token.text}
            </Link>
          );
        }
        if (token.kind === 'mention') {
          return (
            <Link key={i} to={profilePath(token.username)} className={styles.mention}>
              {token.text}
            </Link>
          );
        }
        return token.text;
      })}
    </p>
  );
}

export function PostDate({ iso, short, className }: { iso: string; short?: boolean; className?: string }) {
  const label = dateLabel(iso, short);
  return (
    <time dateTime={label.iso} title={label.title} className={className}>
      {label.text}
    </time>
  );
}

/** The alt of a post's photo: its text, or whose it is (spec §2). */
const postAlt = (post: WallPost) => shorten(postText(post)) || text.imageAlt(post.username);

interface PostImageProps {
  post: WallPost;
  /** Square grid thumbnail instead of the display image. */
  thumb?: boolean;
  /** Above the fold: load at once (the rest wait until they come near the screen). */
  eager?: boolean;
  className?: string;
}

/** WebP with a JPEG fallback, its box reserved by width and height; a broken one reads 'Post no disponible'. */
export function PostImage({ post, thumb, eager, className }: PostImageProps) {
  const [broken, setBroken] = useState(false);
  const size = thumb ? 480 : undefined;
  if (broken) {
    return (
      <span
        className={`${styles.broken} ${className ?? ''}`}
        role="img"
        aria-label={text.broken}
        style={thumb ? undefined : { aspectRatio: `${post.width} / ${post.height}` }}
      >
        <ImageOff aria-hidden="true" size={28} />
        <span aria-hidden="true">{text.broken}</span>
      </span>
    );
  }
  return (
    <picture className={className}>
      {thumb ? (
        <source type="image/webp" srcSet={wallThumbSrcSet(post)} sizes={WALL_TILE_SIZES} />
      ) : (
        <source type="image/webp" srcSet={post.media} />
      )}
      <img
        className={styles.image}
        src={thumb ? post.thumbJpeg : post.mediaJpeg}
        width={size ?? post.width}
        height={size ?? post.height}
        alt={postAlt(post)}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        onError={() => setBroken(true)}
      />
    </picture>
  );
}

/** Avatar and username linking the author's profile, and the date under them. */
export function PostAuthor({ post }: { post: WallPost }) {
  return (
    <div className={styles.author}>
      <Link to={profilePath(post.username)} className={styles.avatarLink} tabIndex={-1} aria-hidden="true">
        <Avatar name={post.username} src={post.userimg} size={40} />
      </Link>
      <div className={styles.authorText}>
        <Link to={profilePath(post.username)} className={styles.username}>
          {post.username}
        </Link>
        <PostDate iso={post.date} className={styles.date} />
        {post.lugar && (
          <Link
            to={`/mapa/location/${encodeURIComponent(post.lugar.u)}`}
            className={styles.place}
            aria-label={esPlacePicker.placeLink(post.lugar.n)}
          >
            <MapPin aria-hidden="true" size={14} />
            {post.lugar.n}
          </Link>
        )}
        {/* Only the author is sent a post that reports have hidden from everybody else. */}
        {post.hidden && (
          <span className={styles.hiddenNote}>
            <EyeOff aria-hidden="true" size={14} />
            {esMuro.hiddenByReports}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * Like toggle with its count. A tap shows at once and goes through the outbox (issue #31): while it is on its
 * way the heart carries a small clock and says "pendiente"; the server's answer then replaces it.
 */
export function LikeButton({ post }: { post: WallPost }) {
  const user = useSessionUser();
  const entries = useOutbox();
  const waiting = pendingOf(entries, 'likePost', (write) => write.url === post.url);
  const { islike, likes } = withPendingLike(post, waiting);
  const liked = islike === 1;
  const pending = waiting.length > 0;
  return (
    <button
      type="button"
      className={`${styles.action} ${liked ? styles.liked : ''} ${pending ? styles.pending : ''}`}
      aria-pressed={liked}
      data-pending={pending || undefined}
      onClick={() => {
        if (!user) return visitorPopup(MSG.visitorLike);
        likePost(post.url, !liked);
      }}
    >
      <span className={styles.heart}>
        <Heart aria-hidden="true" size={24} fill={liked ? 'currentColor' : 'none'} />
        {pending && <Clock3 aria-hidden="true" size={12} className={styles.clock} />}
      </span>
      <span aria-hidden="true">{likes}</span>
      <span className="visually-hidden">
        {text.likes(likes)}
        {pending ? `, ${esOutbox.pending}` : ''}
      </span>
    </button>
  );
}

export { styles as postPartStyles };
