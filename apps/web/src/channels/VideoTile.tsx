import { Link } from 'react-router';
import { Film, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { VideoCard } from '@nomadas/shared/schemas';
import { esChannels } from '../i18n/screens/channels';
import { fullDate, timeAgo } from '../i18n/relativeTime';
import { formatDuration, spokenDuration, videoPath, viewsText } from './format';
import bones from '../styles/skeleton.module.css';
import styles from './channelParts.module.css';

const text = esChannels;

/** A video's poster (16:9) with its duration, or its processing state for its owner. */
export function VideoPoster({
  video,
  eager = false,
  badge = true,
}: {
  video: VideoCard;
  eager?: boolean;
  /** The duration or state badge (a list that says the state beside the poster leaves it out). */
  badge?: boolean;
}) {
  return (
    <span className={styles.poster}>
      {video.poster ? (
        <img
          src={video.poster}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <span className={styles.noPoster}>
          <Film aria-hidden="true" size={32} />
        </span>
      )}
      {!badge ? null : video.state === 'lista' ? (
        <span className={styles.duration}>
          <span aria-hidden="true">{formatDuration(video.duration)}</span>
          <span className="visually-hidden">{text.durationLabel(spokenDuration(video.duration))}</span>
        </span>
      ) : (
        <span className={`${styles.stateBadge} ${video.state === 'error' ? styles.stateError : ''}`}>
          {video.state === 'error' ? (
            <TriangleAlert aria-hidden="true" size={14} />
          ) : (
            <LoaderCircle aria-hidden="true" size={14} className={styles.spin} />
          )}
          {video.state === 'error' ? text.state.error : text.state.procesando(video.progress)}
        </span>
      )}
    </span>
  );
}

/** Views and how long ago: '25 visualizaciones · hace 3 días'. */
export function VideoMeta({
  video,
  className,
}: {
  video: Pick<VideoCard, 'views' | 'date'>;
  className?: string;
}) {
  return (
    <p className={className ?? styles.meta}>
      {viewsText(video.views)} ·{' '}
      <time dateTime={video.date} title={fullDate(video.date)}>
        {timeAgo(video.date)}
      </time>
    </p>
  );
}

interface VideoTileProps {
  video: VideoCard;
  /** 'grid': poster above the title (a channel's videos); 'row': poster beside it (what to watch next). */
  layout?: 'grid' | 'row';
  eager?: boolean;
}

/** A video in a list: poster, title, views and date, all one link to it. */
export function VideoTile({ video, layout = 'grid', eager }: VideoTileProps) {
  return (
    <article className={layout === 'row' ? styles.row : styles.tile}>
      <Link to={videoPath(video.canal, video.name)} className={styles.tileLink}>
        <VideoPoster video={video} eager={eager} />
        <div className={styles.tileText}>
          <h3 className={styles.tileTitle}>{video.title}</h3>
          <VideoMeta video={video} />
        </div>
      </Link>
    </article>
  );
}

/** The grid's shape while its videos load. */
export function VideoGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.videoGrid} aria-hidden="true">
      {Array.from({ length: count }, (_, key) => (
        <li key={key}>
          <span className={`${bones.bone} ${styles.poster}`} />
          <span className={`${bones.line} ${styles.boneTitle}`} />
          <span className={`${bones.line} ${styles.boneMeta}`} />
        </li>
      ))}
    </ul>
  );
}
