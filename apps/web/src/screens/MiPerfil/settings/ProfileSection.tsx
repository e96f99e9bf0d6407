import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Camera, ImagePlus, LoaderCircle } from 'lucide-react';
import { MSG, PROFILE_DESCRIPTION_MAX, textLength } from '@nomadas/shared';
import { profileDescriptionSchema } from '@nomadas/shared/schemas';
import { ApiFailure } from '../../../api/queries/apiData';
import type { OwnProfile } from '../../../api/queries/ownProfile';
import { useUpdateProfileMutation } from '../../../api/queries/updateProfile';
import { Avatar } from '../../../components/Avatar/Avatar';
import { toast } from '../../../components/Toast/toast';
import { esSettings } from '../../../i18n/screens/settings';
import { photoProblem, shrinkPhoto } from '../../../posts/composer/photo';
import { usePreviewFile } from './usePreviewFile';
import styles from './settings.module.css';

const text = esSettings.profile;

/** A file input behind a button-looking label: the input keeps the keyboard focus, the label shows it. */
function ImagePickButton({
  label,
  icon,
  className,
  onPick,
}: {
  label: string;
  icon: ReactNode;
  className: string | undefined;
  onPick: (file: File) => void;
}) {
  function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again fires a change.
    event.target.value = '';
    if (file) onPick(file);
  }
  return (
    <label className={className}>
      <input type="file" accept="image/*" className="visually-hidden" onChange={change} />
      {icon}
      <span>{label}</span>
    </label>
  );
}

/** Description, avatar and cover, with a preview of the chosen images before they are saved. */
export function ProfileSection({ profile }: { profile: OwnProfile }) {
  const headingId = useId();
  const descriptionId = useId();
  const [description, setDescription] = useState(profile.d);
  const [progress, setProgress] = useState<number | null>(null);
  const avatar = usePreviewFile();
  const cover = usePreviewFile();
  const save = useUpdateProfileMutation();

  const length = textLength(description);
  const over = length > PROFILE_DESCRIPTION_MAX;
  const coverUrl = cover.chosen?.url ?? profile.imgcab;
  const avatarUrl = avatar.chosen?.url ?? profile.imgperfil;
  const newImages = Boolean(avatar.chosen || cover.chosen);

  const pick = (target: ReturnType<typeof usePreviewFile>) => (file: File) => {
    const problem = photoProblem(file);
    if (problem) return toast(problem, 'ko');
    target.pick(file);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = profileDescriptionSchema.safeParse(description);
    if (!parsed.success) return toast(parsed.error.issues[0]?.message ?? MSG.invalidInput, 'ko');
    const changedText = parsed.data !== profile.d;
    if (!changedText && !newImages) return toast(text.noChanges, 'ko');
    setProgress(0);
    try {
      const { msg } = await save.mutateAsync({
        ...(changedText ? { d: parsed.data } : {}),
        ...(avatar.chosen ? { avatar: await shrinkPhoto(avatar.chosen.file) } : {}),
        ...(cover.chosen ? { cover: await shrinkPhoto(cover.chosen.file) } : {}),
        onProgress: setProgress,
      });
      avatar.clear();
      cover.clear();
      setDescription(parsed.data);
      toast(msg ?? MSG.profileUpdated, 'ok');
    } catch (error) {
      toast((error instanceof ApiFailure && error.serverMsg) || MSG.serverError, 'ko');
    } finally {
      setProgress(null);
    }
  }

  const busyLabel =
    progress !== null && progress > 0 && progress < 1
      ? text.uploading(Math.round(progress * 100))
      : text.saving;

  return (
    <section className={`card ${styles.section} ${styles.profile}`} aria-labelledby={headingId}>
      <form noValidate onSubmit={submit} aria-busy={save.isPending}>
        <div className={styles.hero}>
          <div className={styles.cover}>
            {coverUrl && <img src={coverUrl} alt={text.coverAlt} className={styles.coverImage} />}
            {cover.chosen && <span className={styles.unsaved}>{text.newImage}</span>}
            <ImagePickButton
              label={text.changeCover}
              icon={<ImagePlus aria-hidden="true" size={18} />}
              className={styles.coverButton}
              onPick={pick(cover)}
            />
          </div>
          <div className={styles.identity}>
            <div className={styles.avatarFrame}>
              {avatarUrl ? (
                <img src={avatarUrl} alt={text.avatarAlt} className={styles.avatarImage} />
              ) : (
                <Avatar name={profile.username} src="" size={96} />
              )}
              {avatar.chosen && <span className={styles.unsavedDot} aria-hidden="true" />}
              <ImagePickButton
                label={text.changeAvatar}
                icon={<Camera aria-hidden="true" size={18} />}
                className={styles.avatarButton}
                onPick={pick(avatar)}
              />
            </div>
            <div className={styles.names}>
              <h2 id={headingId} className="visually-hidden">
                {text.title}
              </h2>
              <p className={styles.username}>{profile.username}</p>
              <Link to={`/perfil/${encodeURIComponent(profile.username)}`} className={styles.publicLink}>
                {text.viewPublic}
              </Link>
            </div>
          </div>
        </div>

        <div className={styles.body}>
          <p className={styles.lead}>
            {text.lead} {text.imageRules}
          </p>
          <div className="field">
            <label htmlFor={descriptionId}>{text.description}</label>
            <textarea
              id={descriptionId}
              name="d"
              value={description}
              rows={4}
              placeholder={text.descriptionPlaceholder}
              aria-invalid={over || undefined}
              aria-describedby={`${descriptionId}-help ${descriptionId}-count`}
              onChange={(event) => setDescription(event.target.value)}
            />
            <div className={styles.fieldMeta}>
              {over ? (
                <p id={`${descriptionId}-help`} className="field-error" role="alert">
                  {MSG.descriptionTooLong}
                </p>
              ) : (
                <p id={`${descriptionId}-help`} className="field-hint">
                  {text.descriptionHint}
                </p>
              )}
              <p
                id={`${descriptionId}-count`}
                className={`${styles.counter} ${over ? styles.counterOver : ''}`}
              >
                <span aria-hidden="true">{text.counter(length, PROFILE_DESCRIPTION_MAX)}</span>
                <span className="visually-hidden">{text.counterLabel(length, PROFILE_DESCRIPTION_MAX)}</span>
              </p>
            </div>
          </div>
          <div className={styles.actions}>
            {newImages && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  avatar.clear();
                  cover.clear();
                }}
              >
                {text.undoImages}
              </button>
            )}
            <button type="submit" className="btn btn-primary" aria-disabled={save.isPending}>
              {save.isPending && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
              {save.isPending ? busyLabel : text.save}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
