import { useId, type ChangeEvent, type Ref } from 'react';
import { CircleAlert, ImageOff, ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { esComposer } from '../../i18n/screens/composer';
import { formatBytes } from './photo';
import styles from './PhotoPicker.module.css';

const text = esComposer;

export interface ChosenPhoto {
  file: File;
  /** Object URL of `file`, revoked by whoever created it. */
  url: string;
  /** Decoded size, once the preview has loaded. */
  width?: number;
  height?: number;
  /** The browser cannot preview it (HEIC, TIFF...): the server still gets its say. */
  noPreview?: boolean;
}

interface Props {
  photo: ChosenPhoto | null;
  error: string | null;
  dragging: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
  onPreview: (size: { width: number; height: number } | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The photo: a real file input (camera or gallery on phones) behind a big drop zone, then the preview
 * with "Cambiar foto" and "Quitar foto". Dropping and pasting are handled by the form around it.
 */
export function PhotoPicker({ photo, error, dragging, onPick, onRemove, onPreview, inputRef }: Props) {
  const id = useId();
  const actionId = `${id}-action`;

  function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again, after removing it, fires a change.
    event.target.value = '';
    if (file) onPick(file);
  }

  return (
    <div className={styles.picker}>
      <span className={styles.label}>{text.photoLabel}</span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        className={`visually-hidden ${styles.input}`}
        aria-labelledby={actionId}
        aria-describedby={error ? `${id}-error` : `${id}-rules`}
        aria-invalid={error ? true : undefined}
        data-autofocus={photo ? undefined : true}
        onChange={change}
      />
      {photo ? (
        <div className={`${styles.frame} ${styles.preview} ${dragging ? styles.dragging : ''}`}>
          {photo.noPreview ? (
            <div className={styles.noPreview}>
              <ImageOff aria-hidden="true" size={36} />
              <span>{photo.file.name}</span>
            </div>
          ) : (
            <>
              <img className={styles.backdrop} src={photo.url} alt="" aria-hidden="true" />
              <img
                className={styles.image}
                src={photo.url}
                alt={text.previewAlt}
                onLoad={(event) =>
                  onPreview({
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  })
                }
                onError={() => onPreview(null)}
              />
            </>
          )}
          <label htmlFor={id} className={styles.change}>
            <RefreshCw aria-hidden="true" size={18} />
            <span id={actionId}>{text.changePhoto}</span>
          </label>
          <button type="button" className={styles.remove} onClick={onRemove} aria-label={text.removePhoto}>
            <Trash2 aria-hidden="true" size={20} />
          </button>
          {dragging && <span className={styles.dropCover}>{text.dropActive}</span>}
        </div>
      ) : (
        <label
          htmlFor={id}
          className={`${styles.frame} ${styles.zone} ${dragging ? styles.dragging : ''} ${error ? styles.invalid : ''}`}
        >
          <span className={styles.badge} aria-hidden="true">
            <ImagePlus size={30} />
          </span>
          <span className={styles.zoneTitle}>{dragging ? text.dropActive : text.dropTitle}</span>
          <span className={`${styles.zoneHint} ${styles.pointerOnly}`}>{text.dropHintPointer}</span>
          <span className={`${styles.zoneHint} ${styles.touchOnly}`}>{text.dropHintTouch}</span>
          <span className={`btn btn-primary ${styles.choose}`}>
            <span id={actionId}>{text.choosePhoto}</span>
          </span>
        </label>
      )}
      <div className={styles.below}>
        {error ? (
          <p id={`${id}-error`} className={`field-error ${styles.error}`} role="alert">
            <CircleAlert aria-hidden="true" size={16} />
            {error}
          </p>
        ) : photo ? (
          <p className={styles.meta}>{text.photoMeta(photo.file.name, formatBytes(photo.file.size))}</p>
        ) : null}
        {/* Once a good photo is in, its name and size say enough; the rules stay for the input's description. */}
        <p id={`${id}-rules`} className={photo && !error ? 'visually-hidden' : styles.rules}>
          {text.photoRules}
        </p>
      </div>
    </div>
  );
}
