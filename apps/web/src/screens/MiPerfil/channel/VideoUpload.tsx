import { useEffect, useId, useState, useSyncExternalStore, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CloudUpload, FileVideo, RotateCw, WifiOff, X } from 'lucide-react';
import { VIDEO_ACCEPT, VIDEO_TITLE_MAX, VIDEO_TITLE_MIN, videoTooLargeMessage } from '@nomadas/shared';
import { videoUploadMetadata } from '@nomadas/shared/schemas';
import type { PreviousUpload } from 'tus-js-client';
import { esMyChannel } from '../../../i18n/screens/myChannel';
import { formatMegabytes, videoPath } from '../../../channels/format';
import {
  cancelUpload,
  discardUnfinished,
  resetUpload,
  resumeUpload,
  startUpload,
  unfinishedUploads,
  useUploadState,
  type UploadState,
} from './videoUpload';
import styles from '../ChannelTab.module.css';

const text = esMyChannel.upload;

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine);

/** A title from the file's name, for the user to improve: 'ruta_picos-2024.mp4' → 'ruta picos 2024'. */
const titleFromFile = (name: string) =>
  [
    ...name
      .replace(/\.[^.]*$/, '')
      .replace(/[_-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, VIDEO_TITLE_MAX)
    .join('');

/** Pick a video and give it a title, then watch it go up; a dropped connection resumes by itself. */
export function VideoUpload({ canal, maxBytes }: { canal: string; maxBytes: number }) {
  const headingId = useId();
  const state = useUploadState();
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        <CloudUpload aria-hidden="true" size={22} />
        {text.title}
      </h2>
      {state.phase === 'idle' || (state.phase === 'failed' && !state.resumable) ? (
        <UploadForm maxBytes={maxBytes} refused={state.phase === 'failed' ? state.error : null} />
      ) : state.phase === 'done' ? (
        <div className={styles.uploadDone} role="status">
          <p>
            <strong>{state.title}</strong>
          </p>
          <p className={styles.muted}>{text.doneHint}</p>
          <div className={styles.actions}>
            {state.video && (
              <Link to={videoPath(canal, state.video)} className="btn btn-secondary">
                {text.view}
              </Link>
            )}
            <button type="button" className="btn btn-primary" onClick={resetUpload}>
              {text.another}
            </button>
          </div>
        </div>
      ) : (
        <UploadProgress state={state} />
      )}
    </section>
  );
}

function UploadForm({ maxBytes, refused }: { maxBytes: number; refused: string | null }) {
  const fileId = useId();
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<{ field: 'file' | 'title'; message: string } | null>(null);
  const [unfinished, setUnfinished] = useState<PreviousUpload[]>([]);
  const maxMb = Math.floor(maxBytes / (1024 * 1024));

  useEffect(() => {
    let live = true;
    unfinishedUploads()
      .then((uploads) => live && setUnfinished(uploads))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again fires a change.
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > maxBytes) {
      setFile(null);
      return setProblem({ field: 'file', message: videoTooLargeMessage(maxMb) });
    }
    setProblem(null);
    setFile(chosen);
    const earlier = unfinished.find((upload) => upload.size === chosen.size);
    setTitle((current) => current || earlier?.metadata.title || titleFromFile(chosen.name));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setProblem({ field: 'file', message: text.noFile });
    const parsed = videoUploadMetadata.shape.title.safeParse(title);
    if (!parsed.success) {
      document.getElementById(titleId)?.focus();
      return setProblem({ field: 'title', message: parsed.error.issues[0]?.message ?? '' });
    }
    void startUpload(file, parsed.data);
  }

  const message = problem?.message ?? refused;
  return (
    <form noValidate onSubmit={submit}>
      <p className={styles.lead}>{text.lead(maxMb)}</p>
      {unfinished.map((upload) => (
        <div key={upload.urlStorageKey} className={styles.pending}>
          <p>{text.pending(upload.metadata.title || upload.metadata.filename || '')}</p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setUnfinished((list) => list.filter((item) => item !== upload));
              void discardUnfinished(upload).catch(() => undefined);
            }}
          >
            {text.discard}
          </button>
        </div>
      ))}
      {message && (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      )}
      <div className={styles.filePick}>
        <label className={`btn btn-secondary ${styles.fileButton}`}>
          <input
            id={fileId}
            type="file"
            accept={VIDEO_ACCEPT}
            className="visually-hidden"
            aria-invalid={problem?.field === 'file' || undefined}
            onChange={pick}
          />
          <FileVideo aria-hidden="true" size={20} />
          {file ? text.chooseAnother : text.choose}
        </label>
        {file && <p className={styles.fileName}>{text.chosen(file.name, formatMegabytes(file.size))}</p>}
      </div>
      <div className="field">
        <label htmlFor={titleId}>{text.videoTitle}</label>
        <input
          id={titleId}
          name="title"
          value={title}
          maxLength={VIDEO_TITLE_MAX + 20}
          aria-required="true"
          aria-invalid={problem?.field === 'title' || undefined}
          aria-describedby={`${titleId}-hint`}
          onChange={(event) => {
            setTitle(event.target.value);
            if (problem?.field === 'title') setProblem(null);
          }}
        />
        <p id={`${titleId}-hint`} className="field-hint">
          {text.videoTitleHint(VIDEO_TITLE_MIN, VIDEO_TITLE_MAX)}
        </p>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary">
          <CloudUpload aria-hidden="true" size={20} />
          {text.submit}
        </button>
      </div>
    </form>
  );
}

/** The bar (role=progressbar) with % and MB; while the connection is down it says so and waits. */
function UploadProgress({ state }: { state: UploadState }) {
  const labelId = useId();
  const online = useOnline();
  const percent = state.total ? Math.min(100, Math.floor((state.sent / state.total) * 100)) : 0;
  const progress = text.progress(percent, formatMegabytes(state.sent), formatMegabytes(state.total));
  const stopped = state.phase === 'failed';
  return (
    <div className={styles.progressPanel}>
      <p id={labelId} className={styles.uploadingTitle}>
        {text.uploading(state.title)}
      </p>
      <div
        className={`${styles.bar} ${stopped || state.reconnecting ? styles.barPaused : ''}`}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={progress}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText} aria-hidden="true">
        {progress}
      </p>
      {state.resumed && <p className={styles.muted}>{text.resumed}</p>}
      <p className={styles.connection} role="status">
        {!online || state.reconnecting || stopped ? <WifiOff aria-hidden="true" size={18} /> : null}
        {!online ? text.offline : state.reconnecting ? text.retrying : stopped ? text.failed : ''}
      </p>
      <div className={styles.actions}>
        <button type="button" className="btn btn-ghost" onClick={() => void cancelUpload()}>
          <X aria-hidden="true" size={18} />
          {text.cancel}
        </button>
        {stopped && (
          <button type="button" className="btn btn-primary" onClick={resumeUpload}>
            <RotateCw aria-hidden="true" size={18} />
            {text.resume}
          </button>
        )}
      </div>
    </div>
  );
}
