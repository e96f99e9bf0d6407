import { useId } from 'react';
import { Link } from 'react-router';
import { Settings2 } from 'lucide-react';
import type { Channel } from '@nomadas/shared/schemas';
import { Avatar } from '../../components/Avatar/Avatar';
import { esCanal } from '../../i18n/screens/canal';
import { esChannels } from '../../i18n/screens/channels';
import bones from '../_shared/skeleton.module.css';
import { subscribersText, videosText } from './format';
import { SubscribeButton } from './SubscribeButton';
import styles from './canal.module.css';

const text = esCanal;

/** Cover, avatar, name, owner, counts, description; 'Suscribirme' (or 'Gestionar mi canal' on one's own). */
export function ChannelHeader({ canal }: { canal: Channel }) {
  const headingId = useId();
  return (
    <section className={`card ${styles.header}`} aria-labelledby={headingId}>
      <div className={styles.cover}>
        {canal.img_portada && (
          <img
            src={canal.img_portada}
            alt={text.coverAlt(canal.nombre)}
            fetchPriority="high"
            decoding="async"
          />
        )}
      </div>
      <div className={styles.body}>
        <span className={styles.avatarRing}>
          <Avatar name={canal.nombre} src={canal.img_perfil} size={112} />
        </span>
        <div className={styles.identity}>
          <h1 id={headingId} className={styles.name}>
            {canal.nombre}
          </h1>
          <p className={styles.owner}>
            {esChannels.byOwner}{' '}
            <Link to={`/perfil/${encodeURIComponent(canal.username)}`}>@{canal.username}</Link>
          </p>
          <p className={styles.counts}>
            {subscribersText(canal.subs)} · {videosText(canal.videos)}
          </p>
        </div>
        <div className={styles.actions}>
          {canal.self ? (
            <Link to="/perfil?tab=canal" className="btn btn-secondary">
              <Settings2 aria-hidden="true" size={18} />
              {text.manage}
            </Link>
          ) : (
            <SubscribeButton canal={canal} />
          )}
        </div>
        {canal.descripcion && <p className={styles.description}>{canal.descripcion}</p>}
      </div>
    </section>
  );
}

/** The header's shape while the channel loads, so nothing jumps when it arrives. */
export function ChannelHeaderSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        {text.loading}
      </p>
      <div className={`card ${styles.header}`} aria-hidden="true">
        <div className={`${bones.bone} ${styles.cover} ${styles.coverBone}`} />
        <div className={styles.body}>
          <span className={styles.avatarRing}>
            <span className={`${bones.circle} ${styles.avatarBone}`} />
          </span>
          <div className={styles.identity}>
            <span className={`${bones.line} ${styles.nameBone}`} />
            <span className={`${bones.line} ${styles.lineBone}`} />
          </div>
          <div className={styles.actions}>
            <span className={`${bones.bone} ${styles.buttonBone}`} />
          </div>
        </div>
      </div>
    </>
  );
}
