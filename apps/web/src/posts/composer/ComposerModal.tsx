import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { LoaderCircle, SendHorizontal } from 'lucide-react';
import { MSG, POST_TEXT_MAX, TOAST_POST_MS, textLength } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { isOk } from '../../api/client';
import { uploadNewPost } from '../../api/newPost';
import { outbox } from '../../api/outbox/outbox';
import { esOutbox } from '../../i18n/es.outbox';
import { Avatar } from '../../components/Avatar/Avatar';
import { Modal } from '../../components/Modal/Modal';
import { toast } from '../../components/Toast/toast';
import { esComposer } from '../../i18n/screens/composer';
import { session, useSessionUser } from '../../session/session';
import type { MapPlace } from '../../api/queries/nearbyPlaces';
import { DiscardDialog } from './DiscardDialog';
import { PhotoPicker, type ChosenPhoto } from './PhotoPicker';
import { PlacePicker } from './PlacePicker';
import { PostTextField } from './PostTextField';
import { UploadProgress } from './UploadProgress';
import { photoProblem, shrinkPhoto } from './photo';
import { useFileDrop } from './useFileDrop';
import styles from './ComposerModal.module.css';

const text = esComposer;

type Phase =
  | { kind: 'editing' }
  | { kind: 'preparing'; totalBytes: number }
  | { kind: 'uploading'; totalBytes: number; fraction: number };

export interface ComposerModalProps {
  onClose: () => void;
  /** The post the server created, for the wall to put first. */
  onCreated: (post: WallPost) => void;
}

/** The new-post form in a modal: photo, text with live hashtags and mentions, upload with progress. */
export default function ComposerModal({ onClose, onCreated }: ComposerModalProps) {
  const user = useSessionUser();
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [postText, setPostText] = useState('');
  const [place, setPlace] = useState<MapPlace | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const photoInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const upload = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);

  const busy = phase.kind !== 'editing';
  const dirty = photo !== null || postText.trim() !== '';

  // Leaving (closed, logged out, another page) cancels the upload and frees the preview's memory.
  useEffect(
    () => () => {
      upload.current?.abort();
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  // Reloading or closing the tab would lose the photo and text without a word.
  useEffect(() => {
    if (!dirty && !busy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, busy]);

  function pick(file: File) {
    if (busy) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    setPhoto({ file, url: objectUrl.current });
    setPhotoError(null);
  }

  function removePhoto() {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    setPhoto(null);
    setPhotoError(null);
    photoInput.current?.focus();
  }

  const dragging = useFileDrop(pick);

  function pastePhoto(event: ClipboardEvent<HTMLFormElement>) {
    const file = [...event.clipboardData.files].find((item) => item.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    pick(file);
  }

  function requestClose() {
    if (dirty || busy) setConfirming(true);
    else onClose();
  }

  function cancelUpload() {
    upload.current?.abort();
    upload.current = null;
    setPhase({ kind: 'editing' });
    setAnnouncement(text.cancelled);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (textLength(postText) > POST_TEXT_MAX) {
      toast(MSG.postTextTooLong, 'ko', TOAST_POST_MS);
      textArea.current?.focus();
      return;
    }
    if (!photo) {
      setPhotoError(MSG.postImageRequired);
      toast(MSG.postImageRequired, 'ko', TOAST_POST_MS);
      photoInput.current?.focus();
      return;
    }
    // A refused second pick left the good photo in place: that is the one sent.
    setPhotoError(null);

    const controller = new AbortController();
    upload.current = controller;
    setAnnouncement('');
    setPhase({ kind: 'preparing', totalBytes: photo.file.size });
    const known = photo.width && photo.height ? { width: photo.width, height: photo.height } : undefined;
    const file = await shrinkPhoto(photo.file, known);
    if (controller.signal.aborted) return;

    // The post's client id: if no answer comes, the outbox sends it again under the same one (issue #31).
    const key = crypto.randomUUID();
    const post = { text: postText, lugar: place?.u, media: file };
    const keep = () => {
      if (!outbox.add({ kind: 'post', ...post }, { id: key })) return false;
      toast(esOutbox.postQueued, 'ok', TOAST_POST_MS);
      onClose();
      return true;
    };
    // Offline there is nothing to try: it waits with its photo for the connection.
    if (!navigator.onLine && keep()) return;

    setPhase({ kind: 'uploading', totalBytes: file.size, fraction: 0 });
    const result = await uploadNewPost(post, {
      signal: controller.signal,
      idempotencyKey: key,
      onProgress: (fraction) =>
        setPhase((current) => (current.kind === 'uploading' ? { ...current, fraction } : current)),
    });
    // Cancelled: cancelUpload has already put the form back.
    if (controller.signal.aborted) return;
    upload.current = null;
    // Nothing answered (and the session is still there): it goes to the outbox rather than being lost.
    if (result === false && session.getToken() && keep()) return;

    if (isOk(result) && result.data) {
      toast(result.msg || text.created, 'ok', TOAST_POST_MS);
      onCreated(result.data);
      onClose();
      return;
    }
    setPhase({ kind: 'editing' });
    // The form stays as it was, so trying again is one tap. A 401 has already closed the session.
    if (result) toast(result.msg || MSG.serverError, 'ko', TOAST_POST_MS);
    else if (session.getToken()) toast(text.uploadFailed, 'ko', TOAST_POST_MS);
  }

  const canCancel = phase.kind === 'preparing' || (phase.kind === 'uploading' && phase.fraction < 1);

  return (
    <Modal title={text.title} onClose={requestClose} size="md">
      {user && (
        <p className={styles.author}>
          <Avatar name={user.u} src={user.i} size={28} />
          {text.postingAs(user.u)}
        </p>
      )}
      <form className={styles.form} noValidate onSubmit={submit} onPaste={pastePhoto} aria-busy={busy}>
        <fieldset className={styles.fields} disabled={busy}>
          <PhotoPicker
            photo={photo}
            error={photoError}
            dragging={dragging && !busy}
            onPick={pick}
            onRemove={removePhoto}
            onPreview={(size) =>
              setPhoto(
                (current) => current && (size ? { ...current, ...size } : { ...current, noPreview: true }),
              )
            }
            inputRef={photoInput}
          />
          <PostTextField value={postText} onChange={setPostText} textareaRef={textArea} />
          <PlacePicker value={place} onChange={setPlace} />
        </fieldset>

        <div className={styles.footer}>
          {phase.kind !== 'editing' && (
            <UploadProgress
              phase={phase.kind}
              fraction={phase.kind === 'uploading' ? phase.fraction : 0}
              totalBytes={phase.totalBytes}
              onCancel={canCancel ? cancelUpload : undefined}
            />
          )}
          {/* aria-disabled, not disabled: focus stays on the button while it works. */}
          <button
            type="submit"
            className={`btn btn-primary btn-block ${styles.publish}`}
            aria-disabled={busy}
          >
            {busy ? (
              <LoaderCircle aria-hidden="true" size={20} className={styles.spin} />
            ) : (
              <SendHorizontal aria-hidden="true" size={20} />
            )}
            {busy ? text.publishing : text.publish}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </form>

      {confirming && (
        <DiscardDialog
          uploading={busy}
          onDiscard={() => {
            upload.current?.abort();
            onClose();
          }}
          onKeep={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}
