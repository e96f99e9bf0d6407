import { lazy, Suspense } from 'react';
import { RefreshCw } from 'lucide-react';
import { useOwnChannelQuery } from '../../api/queries/ownChannel';
import { esMyChannel } from '../../i18n/screens/myChannel';
import bones from '../../styles/skeleton.module.css';
import { ChannelDetails, DeleteChannel } from './channel/ChannelDetails';
import { ChannelSummary } from './channel/ChannelSummary';
import { CreateChannelForm } from './channel/CreateChannelForm';
import { MyVideos } from './channel/MyVideos';
import styles from './ChannelTab.module.css';

// The uploader and its tus client arrive only with this tab, as a chunk of their own.
const VideoUpload = lazy(() =>
  import('./channel/VideoUpload').then((module) => ({ default: module.VideoUpload })),
);

const text = esMyChannel;

/** /perfil?tab=canal: create my channel, or run it: images, upload, my videos, its details, deleting it. */
export function ChannelTab() {
  const own = useOwnChannelQuery();

  if (own.isPending) {
    return (
      <div className={styles.layout} aria-busy="true">
        <p className="visually-hidden" role="status">
          {text.loading}
        </p>
        <div className={`card ${styles.summary}`} aria-hidden="true">
          <span className={`${bones.bone} ${styles.cover} ${styles.boneCover}`} />
          <div className={styles.summaryBody}>
            <span className={`${bones.line} ${styles.boneLine}`} />
          </div>
        </div>
        <div className={`card ${styles.section}`} aria-hidden="true">
          <span className={`${bones.line} ${styles.boneLine}`} />
          <span className={`${bones.bone} ${styles.boneField}`} />
        </div>
      </div>
    );
  }
  if (own.isError) {
    return (
      <div className={`card ${styles.section} ${styles.failed}`} role="alert">
        <p>{text.loadFailed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void own.refetch()}>
          <RefreshCw aria-hidden="true" size={20} />
          {text.retry}
        </button>
      </div>
    );
  }

  const { canal, videos, maxBytes } = own.data;
  if (!canal) return <CreateChannelForm />;
  return (
    <div className={styles.layout}>
      <div className={styles.wide}>
        <ChannelSummary canal={canal} />
      </div>
      <div className={styles.column}>
        <Suspense
          fallback={<div className={`${bones.bone} ${styles.uploadPlaceholder}`} aria-hidden="true" />}
        >
          <VideoUpload canal={canal.url} maxBytes={maxBytes} />
        </Suspense>
        <MyVideos canal={canal.url} videos={videos} />
      </div>
      <div className={styles.column}>
        <ChannelDetails key={`${canal.nombre}\n${canal.descripcion}`} canal={canal} />
        <DeleteChannel canal={canal} />
      </div>
    </div>
  );
}
