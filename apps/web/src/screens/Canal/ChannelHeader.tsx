import { Link } from 'react-router';
import { Settings2 } from 'lucide-react';
import type { Channel } from '@nomadas/shared/schemas';
import { esCanal } from '../../i18n/screens/canal';
import { esChannels } from '../../i18n/screens/channels';
import { CoverHeader, CoverHeaderSkeleton } from '../_shared/CoverHeader';
import { subscribersText, videosText } from '../../channels/format';
import { SubscribeButton } from '../../channels/SubscribeButton';
import styles from './canal.module.css';

const text = esCanal;

/** Cover, avatar, name, owner, counts, description; 'Suscribirme' (or 'Gestionar mi canal' on one's own). */
export function ChannelHeader({ canal }: { canal: Channel }) {
  return (
    <CoverHeader
      name={canal.nombre}
      avatar={canal.img_perfil}
      cover={
        canal.img_portada ? { src: canal.img_portada, alt: text.coverAlt(canal.nombre), behind: true } : null
      }
      identity={
        <>
          <p className={styles.owner}>
            {esChannels.byOwner}{' '}
            <Link to={`/perfil/${encodeURIComponent(canal.username)}`}>@{canal.username}</Link>
          </p>
          <p className={styles.counts}>
            {subscribersText(canal.subs)} · {videosText(canal.videos)}
          </p>
        </>
      }
      actions={
        canal.self ? (
          <Link to="/perfil?tab=canal" className="btn btn-secondary">
            <Settings2 aria-hidden="true" size={18} />
            {text.manage}
          </Link>
        ) : (
          <SubscribeButton canal={canal} />
        )
      }
      description={canal.descripcion && <p>{canal.descripcion}</p>}
    />
  );
}

/** The header's shape while the channel loads. */
export function ChannelHeaderSkeleton() {
  return <CoverHeaderSkeleton status={text.loading} buttons={1} />;
}
