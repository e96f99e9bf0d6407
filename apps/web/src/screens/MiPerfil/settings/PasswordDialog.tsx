import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { confirmPasswordBody } from '@nomadas/shared/schemas';
import { PasswordField } from '../../../components/AuthModal/fields';
import { Modal } from '../../../components/Modal/Modal';
import { toast } from '../../../components/Toast/toast';
import styles from './settings.module.css';

interface PasswordDialogProps {
  title: string;
  text: string;
  label: string;
  confirm: string;
  busyLabel: string;
  cancel: string;
  /** The destructive look (account deletion). */
  danger?: boolean;
  icon?: ReactNode;
  /** Runs the call with the typed password; answers the error to show, or null when it went through. */
  onConfirm: (password: string) => Promise<string | null>;
  onClose: () => void;
}

/** Asks for the password before an account-level action (export, deletion); the field takes the focus. */
export function PasswordDialog(props: PasswordDialogProps) {
  const { title, text, label, confirm, busyLabel, cancel, danger, icon, onConfirm, onClose } = props;
  const textId = useId();
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const parsed = confirmPasswordBody.safeParse({ password: new FormData(form).get('password') });
    if (!parsed.success) {
      toast(parsed.error.issues[0]?.message ?? MSG.invalidInput, 'ko');
      setInvalid(true);
      (form.elements.namedItem('password') as HTMLInputElement | null)?.focus();
      return;
    }
    setBusy(true);
    const problem = await onConfirm(parsed.data.password);
    setBusy(false);
    if (problem) {
      toast(problem, 'ko');
      setInvalid(true);
      (form.elements.namedItem('password') as HTMLInputElement | null)?.select();
    }
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      describedBy={textId}
      size="sm"
      header={
        icon && (
          <div className={styles.dialogHeader} aria-hidden="true">
            <span className={`${styles.dialogIcon} ${danger ? styles.dialogIconDanger : ''}`}>{icon}</span>
          </div>
        )
      }
    >
      <p id={textId} className={styles.dialogText}>
        {text}
      </p>
      <form noValidate onSubmit={submit} onInput={() => setInvalid(false)} aria-busy={busy}>
        <PasswordField
          name="password"
          label={label}
          autoComplete="current-password"
          invalid={invalid}
          data-autofocus
        />
        <div className={styles.dialogActions}>
          <button
            type="submit"
            className={danger ? `btn ${styles.dangerButton}` : 'btn btn-primary'}
            aria-disabled={busy}
          >
            {busy && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
            {busy ? busyLabel : confirm}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
