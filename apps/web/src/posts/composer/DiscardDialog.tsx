import { useId } from 'react';
import { Modal } from '../../components/Modal/Modal';
import { esComposer } from '../../i18n/screens/composer';
import styles from './ComposerModal.module.css';

const text = esComposer;

/** "¿Descartar la publicación?" over the composer; keeping on editing is the safe, focused choice. */
export function DiscardDialog({
  uploading,
  onDiscard,
  onKeep,
}: {
  uploading: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const textId = useId();
  return (
    <Modal title={text.discardTitle} onClose={onKeep} describedBy={textId} size="sm" centered>
      <p id={textId} className={styles.discardText}>
        {uploading ? text.discardUploading : text.discardText}
      </p>
      <div className={styles.discardActions}>
        <button type="button" className="btn btn-secondary btn-block" onClick={onKeep} data-autofocus>
          {text.keepEditing}
        </button>
        <button type="button" className={`btn btn-block ${styles.danger}`} onClick={onDiscard}>
          {text.discard}
        </button>
      </div>
    </Modal>
  );
}
