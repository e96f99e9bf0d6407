import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Camera, ExternalLink, ImagePlus, LoaderCircle } from 'lucide-react';
import type { Channel } from '@nomadas/shared/schemas';
import { useChannelImageMutation } from '../../../api/queries/channelEdits';
import { Avatar } from '../../../components/Avatar/Avatar';
import { toast } from '../../../components/Toast/toast';
import { esMyChannel } from '../../../i18n/screens/myChannel';
import { toastFailure } from '../../../channels/actions';
import { channelPath, subscribersText, videosText } from '../../../channels/format';
import { photoProblem, shrinkPhoto } from '../../../posts/composer/photo';
import styles from '../ChannelTab.module.css';

const text = esMyChannel.summary;

/** A file input behind a button-looking label: the input keeps the keyboard focus, the label shows it. */
function ImagePick({
  label,
  icon,
  busy,
  className,
  iconOnly = false,
  onPick,
}: {
  label: string;
  icon: ReactNode;
  busy: boolean;
  className: string | undefined;
  /** The label is for screen readers only (a round button on the avatar). */
  iconOnly?: boolean;
  onPick: (file: File) => void;
}) {
  function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && !busy) onPick(file);
  }
  return (
    <label className={className} aria-busy={busy || undefined}>
      <input type="file" accept="image/*" className="visually-hidden" onChange={change} disabled={busy} />
      {busy ? <LoaderCircle aria-hidden="true" size={18} className={styles.spinner} /> : icon}
      <span className={iconOnly ? 'visually-hidden' : undefined}>{busy ? text.saving : label}</span>
    </label>
  );
}

/** My channel as others see it (cover, avatar, name, counts), with its images to change and the link to it. */
export function ChannelSummary({ canal }: { canal: Channel }) {
  const headingId = useId();
  const image = useChannelImageMutation(canal.url);
  const busyKind = image.isPending ? image.variables.kind : null;

  const upload = (kind: 'avatar' | 'cover') => async (file: File) => {
    const problem = photoProblem(file);
    if (problem) return toast(problem, 'ko');
    image
      .mutateAsync({ kind, file: await shrinkPhoto(file) })
      .then((msg) => toast(msg || text.imageSaved, 'ok'))
      .catch(toastFailure);
  };

  return (
    <section className={`card ${styles.summary}`} aria-labelledby={headingId}>
      <div className={styles.cover}>
        {canal.img_portada && <img src={canal.img_portada} alt={text.coverAlt} />}
        <ImagePick
          label={text.changeCover}
          icon={<ImagePlus aria-hidden="true" size={18} />}
          busy={busyKind === 'cover'}
          className={styles.coverButton}
          onPick={(file) => void upload('cover')(file)}
        />
      </div>
      <div className={styles.summaryBody}>
        <div className={styles.avatarFrame}>
          <Avatar name={canal.nombre} src={canal.img_perfil} size={96} />
          <ImagePick
            label={text.changeAvatar}
            icon={<Camera aria-hidden="true" size={20} />}
            busy={busyKind === 'avatar'}
            className={styles.avatarButton}
            iconOnly
            onPick={(file) => void upload('avatar')(file)}
          />
        </div>
        <div className={styles.summaryText}>
          <h2 id={headingId} className={styles.channelName}>
            {canal.nombre}
          </h2>
          <p className={styles.muted}>
            {subscribersText(canal.subs)} · {videosText(canal.videos)}
          </p>
          <Link to={channelPath(canal.url)} className={styles.publicLink}>
            <ExternalLink aria-hidden="true" size={16} />
            {text.view}
            <span className={styles.urlText}>/canales/{canal.url}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
