import { Link } from 'react-router';
import { Clapperboard } from 'lucide-react';
import type { ChannelCard } from '@nomadas/shared/schemas';
import { Avatar } from '../../components/Avatar/Avatar';
import { esCanales } from '../../i18n/screens/canales';
import bones from '../../styles/skeleton.module.css';
import { channelPath, subscribersText, videosText } from '../../channels/format';
import styles from './canales.module.css';

const text = esCanales;

/** A channel in the list: its latest posters (one large, two small), avatar, name and counts; one link. */
export function ChannelCardView({ channel, eager }: { channel: ChannelCard; eager?: boolean }) {
  const posters = channel.posters.slice(0, 3);
  return (
    <Link to={channelPath(channel.url)} className={`card ${styles.card}`}>
      <div className={styles.mosaic} data-count={posters.length}>
        {posters.length === 0 ? (
          <span className={styles.noPosters}>
            <Clapperboard aria-hidden="true" size={36} />
          </span>
        ) : (
          posters.map((poster, i) => (
            <img
              key={poster}
              src={poster}
              alt=""
              loading={eager && i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          ))
        )}
      </div>
      <div className={styles.cardBody}>
        <span className={styles.cardAvatar}>
          <Avatar name={channel.nombre} src={channel.img_perfil} size={52} />
        </span>
        <div className={styles.cardText}>
          <h3 className={styles.cardName}>{channel.nombre}</h3>
          <p className={styles.cardMeta}>
            {subscribersText(channel.subs)} · {channel.videos ? videosText(channel.videos) : text.noVideos}
          </p>
        </div>
      </div>
    </Link>
  );
}

/** The grid's shape while the channels load. */
export function ChannelGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, key) => (
        <li key={key} className={`card ${styles.card}`}>
          <span className={`${bones.bone} ${styles.mosaic} ${styles.boneMosaic}`} />
          <span className={styles.cardBody}>
            <span className={styles.cardAvatar}>
              <span className={`${bones.circle} ${styles.boneAvatar}`} />
            </span>
            <span className={styles.cardText}>
              <span className={`${bones.line} ${styles.boneName}`} />
              <span className={`${bones.line} ${styles.boneMeta}`} />
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
