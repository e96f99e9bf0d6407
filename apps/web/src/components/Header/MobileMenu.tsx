import { useRef, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import {
  Bell,
  CircleUserRound,
  Clapperboard,
  Images,
  LogIn,
  LogOut,
  Mail,
  Map as MapIcon,
  ShieldCheck,
  Tv,
  UserPlus,
  X,
  GalleryVerticalEnd,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { AUTH_MODE } from '../../app/shellStore';
import { es } from '../../i18n/es';
import { esOverlays } from '../../i18n/es.overlays';
import { usePendingNotifications } from '../../session/notifications';
import { useSessionUser } from '../../session/session';
import { openAuthModal } from '../AuthModal/openAuthModal';
import { Avatar } from '../Avatar/Avatar';
import { useModalLayer } from '../layers';
import { Logo } from '../Logo/Logo';
import { InstagramIcon, SOCIAL_URLS } from '../Social/social';
import { logoutWithCurtain } from './logoutAction';
import styles from './MobileMenu.module.css';

interface Item {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;
}

const EXPLORE: Item[] = [
  { to: '/canales', label: esOverlays.menu.canales, Icon: Tv },
  { to: '/mapa', label: esOverlays.menu.mapa, Icon: MapIcon },
  { to: '/muro', label: esOverlays.menu.muro, Icon: Images },
];

// 'Mi cuenta' opens the settings tab ('Configuración'): one entry for it, not two to the same place.
const ACCOUNT: Item[] = [
  { to: '/perfil', label: esOverlays.menu.miCuenta, Icon: CircleUserRound },
  { to: '/perfil?tab=muro', label: esOverlays.menu.miMuro, Icon: GalleryVerticalEnd },
  { to: '/perfil?tab=canal', label: esOverlays.menu.miCanal, Icon: Clapperboard },
  { to: '/perfil?tab=notificaciones', label: esOverlays.menu.notificaciones, Icon: Bell },
];

const CONTACT: Item = { to: '/contacto', label: esOverlays.menu.contacto, Icon: Mail };
/** Only for moderators (the login answer says so). */
const MODERATION: Item = { to: '/moderacion', label: esOverlays.menu.moderacion, Icon: ShieldCheck };

/** The phone menu (spec §2): a full-height sheet; focus stays inside, Escape or navigating closes it. */
export default function MobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const sheet = useRef<HTMLDivElement>(null);
  const user = useSessionUser();
  const pending = usePendingNotifications();
  const location = useLocation();
  useModalLayer(sheet, onClose);

  // Account items differ only by their ?tab=, so they match the whole address; the rest match a section.
  const tab = new URLSearchParams(location.search).get('tab');
  const isCurrent = (to: string) => {
    const [path, query] = to.split('?');
    if (path === '/perfil')
      return location.pathname === '/perfil' && (new URLSearchParams(query).get('tab') ?? null) === tab;
    return location.pathname === path || location.pathname.startsWith(`${path}/`);
  };

  const renderItem = ({ to, label, Icon }: Item, badge = 0) => (
    <li key={to}>
      <Link
        to={to}
        className={styles.item}
        aria-current={isCurrent(to) ? 'page' : undefined}
        onClick={onClose}
      >
        <Icon aria-hidden="true" size={22} />
        <span className={styles.itemLabel}>{label}</span>
        {badge > 0 && (
          <span className={styles.badge}>
            {badge}
            <span className="visually-hidden"> {es.header.pendingNotifications(badge)}</span>
          </span>
        )}
      </Link>
    </li>
  );

  // The modal opens once the menu has closed and handed the focus back to the menu button.
  const openAuth = (mode: (typeof AUTH_MODE)[keyof typeof AUTH_MODE]) => {
    onClose();
    openAuthModal(mode);
  };

  // Portalled: the header's backdrop-filter would otherwise become the containing block of this fixed layer.
  return createPortal(
    <div className={styles.root}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={sheet}
        id={id}
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-label={esOverlays.menu.title}
        tabIndex={-1}
      >
        <div className={styles.head}>
          <Logo />
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={esOverlays.menu.close}
            data-autofocus
          >
            <X aria-hidden="true" size={24} />
          </button>
        </div>

        {user && (
          <p className={styles.who}>
            <Avatar name={user.u} src={user.i} size={40} />
            <span>{esOverlays.menu.signedInAs(user.u)}</span>
          </p>
        )}

        <nav aria-label={esOverlays.menu.title} className={styles.nav}>
          <ul className={styles.list}>{EXPLORE.map((item) => renderItem(item))}</ul>
          {user && (
            <>
              <h2 className={styles.group}>{esOverlays.menu.account}</h2>
              <ul className={styles.list}>
                {ACCOUNT.map((item) => renderItem(item, item.to.endsWith('notificaciones') ? pending : 0))}
                {user.role === 'moderator' && renderItem(MODERATION)}
              </ul>
            </>
          )}
          <ul className={`${styles.list} ${styles.separated}`}>{renderItem(CONTACT)}</ul>
        </nav>

        <div className={styles.footer}>
          {user ? (
            <button
              type="button"
              className={`btn btn-secondary btn-block ${styles.logout}`}
              onClick={() => {
                onClose();
                void logoutWithCurtain();
              }}
            >
              <LogOut aria-hidden="true" size={20} />
              {esOverlays.menu.logout}
            </button>
          ) : (
            <>
              <p className={styles.pitch}>{esOverlays.menu.visitorPitch}</p>
              <div className={styles.authButtons}>
                <button type="button" className="btn btn-secondary" onClick={() => openAuth(AUTH_MODE.login)}>
                  <LogIn aria-hidden="true" size={20} />
                  {esOverlays.menu.login}
                </button>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => openAuth(AUTH_MODE.register)}
                >
                  <UserPlus aria-hidden="true" size={20} />
                  {esOverlays.menu.registro}
                </button>
              </div>
            </>
          )}
          <a href={SOCIAL_URLS.instagram} className={styles.instagram} target="_blank" rel="noopener">
            <InstagramIcon />
            {esOverlays.menu.instagram}
            <span className="visually-hidden"> {esOverlays.footer.opensInNewTab}</span>
          </a>
        </div>
      </div>
    </div>,
    document.body,
  );
}
