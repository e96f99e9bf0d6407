import { useMemo } from 'react';
import { useParams } from 'react-router';
import { PAGE_HEAD } from '@nomadas/shared';
import type { ChannelPage } from '@nomadas/shared/schemas';
import { QueryScope } from '../../api/QueryScope';
import { useChannelQuery } from '../../api/queries/channel';
import { usePageTitle } from '../../app/usePageTitle';
import { esCanal } from '../../i18n/screens/canal';
import { settings } from '../../settings';
import { LoadFailedPage } from '../_shared/LoadFailedPage';
import { ChannelHeader, ChannelHeaderSkeleton } from './ChannelHeader';
import { ChannelNotFound } from './ChannelNotFound';
import { SubscribePage } from './SubscribePage';
import { VideoGridSkeleton, VideoTile } from '../../channels/VideoTile';
import parts from '../../channels/channelParts.module.css';
import styles from './canal.module.css';

const text = esCanal;
const DESCRIPTION_MAX = 160;

/** /canales/{name}: a channel (spec §2); /subscribe/{canal}: subscribes to it and lands there. */
export default function CanalScreen() {
  const { name = '', canal } = useParams();
  return (
    <QueryScope>
      {canal !== undefined ? (
        <SubscribePage key={canal.toLowerCase()} canal={canal} />
      ) : (
        <ChannelScreen key={name.toLowerCase()} name={name} />
      )}
    </QueryScope>
  );
}

/** The tab title and description, as the server wrote them into the page for a shared link. */
function pageHead(name: string, page: ChannelPage | null | undefined): [string, string?] {
  if (page === null) return [text.notFound.pageTitle];
  if (!page) return [name];
  const { nombre, descripcion } = page.canal;
  const description = [...descripcion.replace(/\s+/g, ' ').trim()].slice(0, DESCRIPTION_MAX).join('');
  return [nombre, description || PAGE_HEAD.channelDescription(nombre, settings.siteName)];
}

function ChannelScreen({ name }: { name: string }) {
  const query = useChannelQuery(name);
  const first = query.data?.pages[0];
  const videos = useMemo(() => query.data?.pages.flatMap((page) => page?.videos ?? []) ?? [], [query.data]);
  usePageTitle(...pageHead(name, first));

  if (query.isPending) {
    return (
      <div className={`container ${styles.page}`}>
        <ChannelHeaderSkeleton />
        <VideoGridSkeleton count={3} />
      </div>
    );
  }
  if (query.isError && !first) {
    return <LoadFailedPage className={styles.page} text={text.failed} onRetry={() => void query.refetch()} />;
  }
  if (!first) return <ChannelNotFound />;

  const { canal } = first;
  return (
    <div className={`container ${styles.page}`}>
      <ChannelHeader canal={canal} />
      <section aria-labelledby="canal-videos" className={styles.videos}>
        <h2 id="canal-videos" className={styles.videosTitle}>
          {text.videos}
        </h2>
        <p className="visually-hidden" role="status">
          {query.isFetchingNextPage ? text.loadingMore : ''}
        </p>
        {videos.length === 0 ? (
          <p className={parts.note}>{canal.self ? text.noVideosOwn : text.noVideos}</p>
        ) : (
          <ul className={parts.videoGrid}>
            {videos.map((video, i) => (
              <li key={video.name}>
                <VideoTile video={video} eager={i < 2} />
              </li>
            ))}
          </ul>
        )}
        {query.isFetchingNextPage && <VideoGridSkeleton count={3} />}
        {query.hasNextPage && !query.isFetchingNextPage && (
          <div className={parts.more}>
            {query.isFetchNextPageError && <p className={styles.failedMore}>{text.failedMore}</p>}
            <button type="button" className="btn btn-secondary" onClick={() => void query.fetchNextPage()}>
              {query.isFetchNextPageError ? text.retry : text.more}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
