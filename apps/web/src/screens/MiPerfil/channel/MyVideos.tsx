import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Film, Pencil, Trash2 } from 'lucide-react';
import { MSG, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@nomadas/shared';
import { editVideoBody } from '@nomadas/shared/schemas';
import type { VideoCard } from '@nomadas/shared/schemas';
import { useDeleteVideoMutation, useEditVideoMutation } from '../../../api/queries/channelEdits';
import { useVideoQuery } from '../../../api/queries/video';
import { ConfirmDialog } from '../../../components/Modal/ConfirmDialog';
import { Modal } from '../../../components/Modal/Modal';
import { toast } from '../../../components/Toast/toast';
import { esChannels } from '../../../i18n/screens/channels';
import { esMyChannel } from '../../../i18n/screens/myChannel';
import bones from '../../../styles/skeleton.module.css';
import { toastFailure } from '../../../channels/actions';
import { videoPath } from '../../../channels/format';
import { VideoMeta, VideoPoster } from '../../../channels/VideoTile';
import styles from '../ChannelTab.module.css';

const text = esMyChannel;

type Dialog = { kind: 'edit' | 'delete'; video: VideoCard } | null;

/** Every video of mine, newest first, with its state (procesando with its %, lista, error), to edit or delete. */
export function MyVideos({ canal, videos }: { canal: string; videos: VideoCard[] }) {
  const headingId = useId();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <Film aria-hidden="true" size={22} />
        {text.videos.title} <span className={styles.muted}>({videos.length})</span>
      </h2>
      {videos.length === 0 ? (
        <p className={styles.muted}>{text.videos.empty}</p>
      ) : (
        <ul className={styles.videoList}>
          {videos.map((video) => (
            <li key={video.name} className={styles.videoRow}>
              <div className={styles.videoThumb}>
                <VideoPoster video={video} badge={video.state === 'lista'} />
              </div>
              <div className={styles.videoInfo}>
                {video.state === 'lista' ? (
                  <Link to={videoPath(canal, video.name)} className={styles.videoTitle}>
                    {video.title}
                  </Link>
                ) : (
                  <p className={styles.videoTitle}>{video.title}</p>
                )}
                <VideoState video={video} />
              </div>
              <div className={styles.videoActions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={text.videos.editVideo(video.title)}
                  title={text.videos.edit}
                  onClick={() => setDialog({ kind: 'edit', video })}
                >
                  <Pencil aria-hidden="true" size={20} />
                </button>
                <button
                  type="button"
                  className={`${styles.iconButton} ${styles.danger}`}
                  aria-label={text.videos.removeVideo(video.title)}
                  title={text.videos.remove}
                  onClick={() => setDialog({ kind: 'delete', video })}
                >
                  <Trash2 aria-hidden="true" size={20} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'edit' && <EditVideoDialog canal={canal} video={dialog.video} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteVideoDialog canal={canal} video={dialog.video} onClose={close} />}
    </section>
  );
}

function VideoState({ video }: { video: VideoCard }) {
  if (video.state === 'lista') return <VideoMeta video={video} className={styles.videoMeta} />;
  if (video.state === 'error') return <p className={styles.videoError}>{esChannels.processingFailed}</p>;
  return (
    <div className={styles.videoProcessing}>
      <div
        className={`${styles.bar} ${styles.barSmall}`}
        role="progressbar"
        aria-label={text.videos.processingLabel(video.title)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={video.progress}
      >
        <span style={{ width: `${video.progress}%` }} />
      </div>
      <p className={styles.videoMeta}>{esChannels.state.procesando(video.progress)}</p>
    </div>
  );
}

function DeleteVideoDialog({
  canal,
  video,
  onClose,
}: {
  canal: string;
  video: VideoCard;
  onClose: () => void;
}) {
  const remove = useDeleteVideoMutation(canal);
  return (
    <ConfirmDialog
      title={text.confirm.title}
      message={text.confirm.deleteVideo(video.title)}
      accept={text.confirm.accept}
      cancel={text.confirm.cancel}
      pending={remove.isPending}
      onClose={onClose}
      onAccept={() =>
        remove
          .mutateAsync(video.name)
          .then((msg) => {
            onClose();
            toast(msg || MSG.videoDeleted, 'ok');
          })
          .catch(toastFailure)
      }
    />
  );
}

/** Title and description; the description is read from the video's page (the list does not carry it). */
function EditVideoDialog({
  canal,
  video,
  onClose,
}: {
  canal: string;
  video: VideoCard;
  onClose: () => void;
}) {
  const page = useVideoQuery(canal, video.name);
  return (
    <Modal title={text.editVideo.title} onClose={onClose}>
      {page.isPending ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            {text.editVideo.loading}
          </p>
          <span className={`${bones.bone} ${styles.boneField}`} />
          <span className={`${bones.bone} ${styles.boneArea}`} />
        </div>
      ) : (
        <EditVideoForm
          canal={canal}
          name={video.name}
          title={page.data?.video.title ?? video.title}
          descripcion={page.data?.video.descripcion ?? ''}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface EditVideoFormProps {
  canal: string;
  name: string;
  title: string;
  descripcion: string;
  onClose: () => void;
}

function EditVideoForm({ canal, name, onClose, ...initial }: EditVideoFormProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [title, setTitle] = useState(initial.title);
  const [descripcion, setDescripcion] = useState(initial.descripcion);
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useEditVideoMutation(canal);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (edit.isPending) return;
    const parsed = editVideoBody.safeParse({ title, descripcion });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? MSG.invalidInput);
    edit
      .mutateAsync({ name, body: parsed.data })
      .then((msg) => {
        onClose();
        toast(msg || MSG.videoSaved, 'ok');
      })
      .catch(toastFailure);
  }

  return (
    <form noValidate onSubmit={submit}>
      {problem && (
        <p className={styles.alert} role="alert">
          {problem}
        </p>
      )}
      <div className="field">
        <label htmlFor={titleId}>{text.editVideo.videoTitle}</label>
        <input
          id={titleId}
          value={title}
          maxLength={VIDEO_TITLE_MAX + 20}
          aria-required="true"
          onChange={(event) => setTitle(event.target.value)}
          data-autofocus
        />
      </div>
      <div className="field">
        <label htmlFor={descriptionId}>{text.editVideo.descripcion}</label>
        <textarea
          id={descriptionId}
          value={descripcion}
          rows={6}
          maxLength={VIDEO_DESCRIPTION_MAX + 100}
          onChange={(event) => setDescripcion(event.target.value)}
        />
      </div>
      <div className={styles.dialogActions}>
        <button type="submit" className="btn btn-primary" aria-disabled={edit.isPending}>
          {text.editVideo.save}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {text.editVideo.cancel}
        </button>
      </div>
    </form>
  );
}
