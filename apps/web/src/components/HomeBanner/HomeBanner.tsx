import { useId } from 'react';
import { Gem } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { SessionUserData } from '@nomadas/shared/schemas';
import { missingProfileParts } from '../../app/homeBanner';
import { AUTH_MODE, closeOverlay } from '../../app/shellStore';
import { esOverlays } from '../../i18n/es.overlays';
import { useSessionUser } from '../../session/session';
import { openAuthModal } from '../AuthModal/openAuthModal';
import { Avatar } from '../Avatar/Avatar';
import { Modal } from '../Modal/Modal';
import { GuideIllustration } from './GuideIllustration';
import styles from './HomeBanner.module.css';

/** Visitors: the free '10 joyas turísticas' guide in return for registering (spec §1). */
function GuidePromo() {
  const textId = useId();
  return (
    <Modal
      title={esOverlays.promo.title}
      onClose={closeOverlay}
      describedBy={textId}
      header={
        <div className={styles.hero}>
          <GuideIllustration label={esOverlays.promo.illustration} />
          <span className={styles.eyebrow}>
            <Gem aria-hidden="true" size={16} />
            {esOverlays.promo.eyebrow}
          </span>
        </div>
      }
    >
      <p id={textId} className={styles.text}>
        {esOverlays.promo.text}
      </p>
      <ul className={styles.highlights}>
        {esOverlays.promo.highlights.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-autofocus
          onClick={() => openAuthModal(AUTH_MODE.register)}
        >
          {esOverlays.promo.register}
        </button>
        <p className={styles.login}>
          {esOverlays.promo.haveAccount}{' '}
          <button type="button" className="link-button" onClick={() => openAuthModal(AUTH_MODE.login)}>
            {esOverlays.promo.login}
          </button>
        </p>
        <button type="button" className="btn btn-ghost btn-block" onClick={closeOverlay}>
          {esOverlays.promo.dismiss}
        </button>
      </div>
    </Modal>
  );
}

/** Logged-in users: a nudge towards their profile. */
function ProfileNudge({ user }: { user: SessionUserData }) {
  const textId = useId();
  const navigate = useNavigate();
  return (
    <Modal
      title={esOverlays.homeBanner.welcomeBack(user.u)}
      onClose={closeOverlay}
      describedBy={textId}
      size="sm"
      centered
      header={
        <div className={styles.avatar}>
          <Avatar name={user.u} src={user.i} size={72} />
        </div>
      }
    >
      <p id={textId} className={styles.text}>
        {esOverlays.homeBanner.profileText(missingProfileParts(user))}
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-autofocus
          onClick={() => {
            closeOverlay();
            navigate('/perfil');
          }}
        >
          {esOverlays.homeBanner.goProfile}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={closeOverlay}>
          {esOverlays.homeBanner.later}
        </button>
      </div>
    </Modal>
  );
}

/** The home banner popup (spec §2): 'Ir a perfil' for users, the guide with register and login for visitors. */
export default function HomeBanner() {
  const user = useSessionUser();
  return user ? <ProfileNudge user={user} /> : <GuidePromo />;
}
