import { Link, useParams } from 'react-router';
import { Tv } from 'lucide-react';
import { PAGE_HEAD } from '@nomadas/shared';
import type { VideoPage } from '@nomadas/shared/schemas';
import { QueryScope } from '../../api/QueryScope';
import { useVideoQuery } from '../../api/queries/video';
import { usePageTitle } from '../../app/usePageTitle';
import { esVideoCanal } from '../../i18n/screens/videoCanal';
import { LoadFailedPage } from '../_shared/LoadFailedPage';
import { StatusPanel } from '../_shared/StatusPanel';
import bones from '../../styles/skeleton.module.css';
import { channelPath } from '../../channels/format';
import { VideoView } from './VideoView';
import styles from './VideoCanal.module.css';

const text = esVideoCanal;
const DESCRIPTION_MAX = 160;

/** /canales/{name}/{videoname}: a channel's video, its player and what to watch next (spec §2). */
export default function VideoCanalScreen() {
  const { name = '', videoname = '' } = useParams();
  return (
    <QueryScope>
      <VideoScreen key={`${name.toLowerCase()}/${videoname}`} canal={name} name={videoname} />
    </QueryScope>
  );
}

/** The tab title and description, as the server wrote them into the page for a shared link. */
function pageHead(page: VideoPage | null | undefined): [string | null, string?] {
  if (page === null) return [text.notFound.pageTitle];
  if (!page) return [null];
  const { video, canal } = page;
  const description = [...video.descripcion.replace(/\s+/g, ' ').trim()].slice(0, DESCRIPTION_MAX).join('');
  return [
    PAGE_HEAD.videoTitle(video.title, canal.nombre),
    description || PAGE_HEAD.videoDescription(video.title, canal.nombre),
  ];
}

function VideoScreen({ canal, name }: { canal: string; name: string }) {
  const query = useVideoQuery(canal, name);
  usePageTitle(...pageHead(query.data));

  if (query.isPending) {
    return (
      <div className={`container ${styles.page}`} aria-busy="true">
        <p className="visually-hidden" role="status">
          {text.loading}
        </p>
        <div className={styles.layout} aria-hidden="true">
          <div className={styles.main}>
            <span className={`${bones.bone} ${styles.frame} ${styles.frameBone}`} />
            <span className={`${bones.line} ${styles.titleBone}`} />
            <span className={`${bones.line} ${styles.metaBone}`} />
          </div>
        </div>
      </div>
    );
  }
  if (query.isError) {
    return <LoadFailedPage className={styles.page} text={text.failed} onRetry={() => void query.refetch()} />;
  }
  if (query.data === null) {
    return (
      <div className={`container ${styles.page}`}>
        <StatusPanel tone="ko" level="h1" title={text.notFound.title} message={text.notFound.text}>
          <Link to={channelPath(canal)} className="btn btn-primary">
            {text.notFound.goChannel}
          </Link>
          <Link to="/canales" className="btn btn-secondary">
            <Tv aria-hidden="true" size={18} />
            {text.notFound.goChannels}
          </Link>
        </StatusPanel>
      </div>
    );
  }
  return <VideoView page={query.data} />;
}
