import { useRef } from 'react';
import { Link } from 'react-router';
import { Heart, LoaderCircle, Settings2, TriangleAlert } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import type { Video, VideoPage } from '@nomadas/shared/schemas';
import { useLikeVideoMutation } from '../../api/queries/likeVideo';
import { useViewVideoMutation } from '../../api/queries/viewVideo';
import { Avatar } from '../../components/Avatar/Avatar';
import { ShareButton } from '../../components/ShareButton/ShareButton';
import { esChannels } from '../../i18n/screens/channels';
import { esVideoCanal } from '../../i18n/screens/videoCanal';
import { useSessionUser } from '../../session/session';
import { toastFailure, visitorPopup } from '../../channels/actions';
import { formatCount } from '../../i18n/numbers';
import { channelPath, likesText, subscribersText, videoPath } from '../../channels/format';
import { SubscribeButton } from '../../channels/SubscribeButton';
import { VideoMeta, VideoTile } from '../../channels/VideoTile';
import styles from './VideoCanal.module.css';

const text = esVideoCanal;

/** The player (or its processing state), title, counts, like, share, the channel, the description, next videos. */
export function VideoView({ page: { video, canal, next } }: { page: VideoPage }) {
  const ready = video.state === 'lista' && video.src !== '';
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.layout}>
        <div className={styles.main}>
          {ready ? <Player video={video} /> : <Processing video={video} />}
          <h1 className={styles.title}>{video.title}</h1>
          <VideoMeta video={video} className={styles.meta} />

          <div className={styles.actions}>
            <LikeButton video={video} />
            <ShareButton
              url={videoPath(video.canal, video.name)}
              title={video.title}
              text={text.shareText(video.title, canal.nombre)}
              className={`btn btn-secondary ${styles.action}`}
            />
            {video.self && (
              <Link to="/perfil?tab=canal" className={`btn btn-secondary ${styles.action}`}>
                <Settings2 aria-hidden="true" size={18} />
                {text.manage}
              </Link>
            )}
          </div>

          <div className={styles.channel}>
            <Link to={channelPath(canal.url)} className={styles.channelLink}>
              <Avatar name={canal.nombre} src={canal.img_perfil} size={48} />
              <span className={styles.channelText}>
                <span className={styles.channelName}>{canal.nombre}</span>
                <span className={styles.channelSubs}>{subscribersText(canal.subs)}</span>
              </span>
            </Link>
            {!canal.self && <SubscribeButton canal={canal} withCount={false} />}
          </div>

          {video.descripcion && (
            <section className={styles.description} aria-labelledby="video-descripcion">
              <h2 id="video-descripcion" className="visually-hidden">
                {text.description}
              </h2>
              <p>{video.descripcion}</p>
            </section>
          )}
        </div>

        <aside className={styles.aside} aria-labelledby="video-siguientes">
          <h2 id="video-siguientes" className={styles.nextTitle}>
            {text.next(canal.nombre)}
          </h2>
          {next.length === 0 ? (
            <p className={styles.muted}>{text.noNext}</p>
          ) : (
            <ul className={styles.nextList}>
              {next.map((item) => (
                <li key={item.name}>
                  <VideoTile video={item} layout="row" />
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </div>
  );
}

/** The HTML5 player in its 16:9 frame (any shape of video fits inside); the first playback counts a view. */
function Player({ video }: { video: Video }) {
  const counted = useRef(false);
  const view = useViewVideoMutation();
  return (
    <div className={styles.frame}>
      <video
        className={styles.video}
        src={video.src}
        poster={video.poster || undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={text.player(video.title)}
        onPlaying={() => {
          if (counted.current) return;
          counted.current = true;
          view.mutate({ canal: video.canal, name: video.name });
        }}
      >
        <p>{text.noVideoSupport}</p>
      </video>
    </div>
  );
}

/** For its owner, a video not ready yet: its processing progress (the page asks again until it is). */
function Processing({ video }: { video: Video }) {
  const failed = video.state === 'error';
  return (
    <div className={`${styles.frame} ${styles.processing}`}>
      {failed ? (
        <TriangleAlert aria-hidden="true" size={36} />
      ) : (
        <LoaderCircle aria-hidden="true" size={36} className={styles.spin} />
      )}
      <p className={styles.processingTitle}>{failed ? esChannels.state.error : esChannels.processingTitle}</p>
      {failed ? (
        <p className={styles.processingText}>{esChannels.processingFailed}</p>
      ) : (
        <>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={esChannels.processingTitle}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={video.progress}
          >
            <span style={{ width: `${video.progress}%` }} />
          </div>
          <p className={styles.processingText}>
            {esChannels.state.procesando(video.progress)}. {esChannels.processingText}
          </p>
        </>
      )}
    </div>
  );
}

/** 'Me gusta' with its count (aria-pressed); both follow the server's answer. A visitor is asked to register. */
function LikeButton({ video }: { video: Video }) {
  const user = useSessionUser();
  const like = useLikeVideoMutation();
  return (
    <button
      type="button"
      className={`btn btn-secondary ${styles.action} ${video.islike ? styles.liked : ''}`}
      aria-pressed={video.islike}
      aria-busy={like.isPending || undefined}
      onClick={() => {
        if (!user) return visitorPopup(MSG.visitorLike);
        if (!like.isPending) like.mutateAsync({ canal: video.canal, name: video.name }).catch(toastFailure);
      }}
    >
      <Heart aria-hidden="true" size={20} fill={video.islike ? 'currentColor' : 'none'} />
      <span>{text.like}</span>
      <span aria-hidden="true" className={styles.count}>
        {formatCount(video.likes)}
      </span>
      <span className="visually-hidden">, {likesText(video.likes)}</span>
    </button>
  );
}
