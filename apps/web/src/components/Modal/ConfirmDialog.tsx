import { useId } from 'react';
import { Modal } from './Modal';
import styles from './ConfirmDialog.module.css';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  accept: string;
  cancel: string;
  onAccept: () => void;
  onClose: () => void;
  /** While the accepted action runs: the accept button waits. */
  pending?: boolean;
  /** The accept button's class: the primary action unless the caller asks for another look. */
  acceptClassName?: string;
  /** Where focus goes on close instead of the opener (e.g. when accepting removed it). */
  returnFocus?: () => HTMLElement | null | undefined;
}

/** A small centered question with accept and cancel; cancel takes the focus, so Enter never confirms by accident. */
export function ConfirmDialog({
  title,
  message,
  accept,
  cancel,
  onAccept,
  onClose,
  pending = false,
  acceptClassName = 'btn btn-primary',
  returnFocus,
}: ConfirmDialogProps) {
  const textId = useId();
  return (
    <Modal title={title} onClose={onClose} describedBy={textId} size="sm" centered returnFocus={returnFocus}>
      <p id={textId} className={styles.message}>
        {message}
      </p>
      <div className={styles.actions}>
        <button type="button" className={acceptClassName} onClick={onAccept} disabled={pending}>
          {accept}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose} data-autofocus>
          {cancel}
        </button>
      </div>
    </Modal>
  );
}
