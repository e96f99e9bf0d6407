import { useId } from 'react';
import { Info } from 'lucide-react';
import { AUTH_MODE, closeOverlay, type InfoPopupOptions } from '../../app/shellStore';
import { esOverlays } from '../../i18n/es.overlays';
import { openAuthModal } from '../AuthModal/openAuthModal';
import { Modal } from '../Modal/Modal';
import styles from './InfoPopup.module.css';

export default function InfoPopup({ options }: { options: InfoPopupOptions }) {
  const textId = useId();
  const hasAuth = options.login || options.register;
  return (
    <Modal
      title={options.title}
      onClose={closeOverlay}
      describedBy={textId}
      size="sm"
      centered
      header={
        <div className={styles.badge} aria-hidden="true">
          <Info size={28} />
        </div>
      }
    >
      <p id={textId} className={styles.text}>
        {options.text}
      </p>
      <div className={styles.actions}>
        {/* Registering is the call every visitor popup makes; entering is for those who already have an account. */}
        {options.register && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-autofocus
            onClick={() => openAuthModal(AUTH_MODE.register)}
          >
            {esOverlays.info.goRegister}
          </button>
        )}
        {options.login && (
          <button
            type="button"
            className={`btn btn-block ${options.register ? 'btn-secondary' : 'btn-primary'}`}
            data-autofocus={options.register ? undefined : true}
            onClick={() => openAuthModal(AUTH_MODE.login)}
          >
            {esOverlays.info.goLogin}
          </button>
        )}
        <button
          type="button"
          className={`btn btn-block ${hasAuth ? 'btn-ghost' : 'btn-primary'}`}
          data-autofocus={hasAuth ? undefined : true}
          onClick={closeOverlay}
        >
          {esOverlays.info.close}
        </button>
      </div>
    </Modal>
  );
}
