import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MSG, POST_TEXT_MAX, TOAST_POST_MS, textLength } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { ConfirmDialog } from '../components/Modal/ConfirmDialog';
import { Modal } from '../components/Modal/Modal';
import { toast } from '../components/Toast/toast';
import { useDeletePostMutation } from '../api/queries/deletePost';
import { useUpdatePostMutation } from '../api/queries/updatePost';
import { esMuro } from '../i18n/screens/muro';
import type { MapPlace } from '../api/queries/nearbyPlaces';
import { PlacePicker } from './composer/PlacePicker';
import { postText } from './PostParts';
import { openPostDialog, toastFailure, useWallUi, wallEvents } from './wallStore';
import styles from './PostDialogs.module.css';

const close = () => openPostDialog(null);

/** The delete-confirmation and edit popups of spec §2, opened from a post menu. */
export function PostDialogs() {
  const dialog = useWallUi((state) => state.dialog);
  if (!dialog) return null;
  return dialog.kind === 'delete' ? (
    <DeleteDialog key={dialog.post.url} post={dialog.post} />
  ) : (
    <EditDialog key={dialog.post.url} post={dialog.post} />
  );
}

function DeleteDialog({ post }: { post: WallPost }) {
  const remove = useDeletePostMutation();
  const text = esMuro.deleteDialog;
  const accept = () => {
    remove
      .mutateAsync(post.url)
      .then(() => {
        close();
        toast(MSG.postDeleted, 'ok', TOAST_POST_MS);
        wallEvents.emit('removed', post.url);
      })
      .catch(toastFailure);
  };
  return (
    <ConfirmDialog
      title={text.title}
      message={MSG.confirmDeletePost}
      accept={text.accept}
      cancel={text.cancel}
      onAccept={accept}
      onClose={close}
      pending={remove.isPending}
    />
  );
}

function EditDialog({ post }: { post: WallPost }) {
  const fieldId = useId();
  const counterId = useId();
  const update = useUpdatePostMutation();
  const field = useRef<HTMLTextAreaElement>(null);
  const [value, setValue] = useState(() => postText(post));
  // Its place (#32): kept, changed to any place found by search or near the phone, or removed.
  const [place, setPlace] = useState<MapPlace | null>(post.lugar ?? null);
  const placeChanged = (place?.u ?? null) !== (post.lugar?.u ?? null);
  // The caret waits at the end of the text, where an edit usually starts.
  useEffect(() => {
    const end = field.current?.value.length ?? 0;
    field.current?.setSelectionRange(end, end);
  }, []);
  const length = textLength(value);
  const over = length > POST_TEXT_MAX;
  const text = esMuro.editDialog;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (over) return toast(MSG.postTextTooLong, 'ko', TOAST_POST_MS);
    if (update.isPending) return;
    update
      .mutateAsync({ url: post.url, text: value, ...(placeChanged ? { lugar: place?.u ?? null } : {}) })
      .then(() => {
        close();
        toast(MSG.postUpdated, 'ok', TOAST_POST_MS);
      })
      .catch(toastFailure);
  };

  return (
    <Modal title={text.title} onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>{text.label}</label>
          <textarea
            ref={field}
            id={fieldId}
            className={styles.textarea}
            value={value}
            rows={6}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={over || undefined}
            aria-describedby={counterId}
            data-autofocus
          />
          <div className={styles.under}>
            <p className="field-hint">{text.hint}</p>
            <p id={counterId} className={`${styles.counter} ${over ? styles.over : ''}`}>
              {text.counter(length, POST_TEXT_MAX)}
            </p>
          </div>
          {over && (
            <p className="visually-hidden" role="alert">
              {MSG.postTextTooLong}
            </p>
          )}
        </div>
        <PlacePicker value={place} onChange={setPlace} />
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {text.save}
          </button>
          <button type="button" className="btn btn-secondary" onClick={close}>
            {text.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
