import { useEffect, useRef } from 'react';
import { closeOverlay, type AuthMode } from '../../app/shellStore';
import { esOverlays } from '../../i18n/es.overlays';
import { Modal } from '../Modal/Modal';
import { LoginForm } from './LoginForm';
import { RecoveryForm } from './RecoveryForm';
import { RegisterForm } from './RegisterForm';
import styles from './AuthModal.module.css';

/** The login/register/recovery modal (spec §2, §5): one dialog whose links switch between the three modes. */
export default function AuthModal({ mode }: { mode: AuthMode }) {
  const content = useRef<HTMLDivElement>(null);
  const shownMode = useRef(mode);

  // Switching mode keeps the dialog open and puts the focus on the new form's first field.
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    content.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [mode]);

  return (
    <Modal
      title={esOverlays.auth.titles[mode]}
      onClose={closeOverlay}
      header={<div className={styles.accent} aria-hidden="true" />}
    >
      <div ref={content}>
        <p className={styles.intro}>{esOverlays.auth.intros[mode]}</p>
        {mode === 1 && <LoginForm />}
        {mode === 2 && <RegisterForm />}
        {mode === 3 && <RecoveryForm />}
      </div>
    </Modal>
  );
}
