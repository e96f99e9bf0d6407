import { lazy, Suspense, useEffect, useState } from 'react';
import { BriefcaseBusiness, LogIn, LogOut, Menu, MessageCircle, Search, ShieldCheck } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router';
import { AUTH_MODE, setMenuOpen, toggleChat, useShell } from '../../app/shellStore';
import { useChatUnread } from '../../chat/unread';
import { es } from '../../i18n/es';
import { usePendingNotifications } from '../../session/notifications';
import { useSessionUser } from '../../session/session';
import { settings } from '../../settings';
import { openAuthModal, preloadAuthModal } from '../AuthModal/openAuthModal';
import { Avatar } from '../Avatar/Avatar';
import { Logo } from '../Logo/Logo';
import { ConnectionStatus } from './ConnectionStatus';
import { logoutWithCurtain } from './logoutAction';
import { SearchBox } from './SearchBox';
import styles from './Header.module.css';

// The sheet is its own chunk, fetched as soon as a finger or pointer approaches the menu button.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = () => void loadMobileMenu();
// The phone's full-screen search, likewise.
const loadSearchSheet = () => import('./search/SearchSheet');
const SearchSheet = lazy(loadSearchSheet);
const preloadSearchSheet = () => void loadSearchSheet();

const MENU_ID = 'menu-movil';
const SEARCH_ID = 'busqueda-movil';
const DESKTOP = '(min-width: 900px)';

function NotificationBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">, {es.header.pendingNotifications(count)}</span>
    </span>
  );
}

/** The sticky 60 px header of spec §2; below 900 px its links fold into the menu sheet. */
export function Header() {
  const user = useSessionUser();
  const pending = usePendingNotifications();
  const menuOpen = useShell((s) => s.menuOpen);
  const chatOpen = useShell((s) => s.chatOpen);
  const chatUnread = useChatUnread();
  const location = useLocation();
  const address = location.pathname + location.search;
  // The phone search belongs to the address it was opened on: navigating closes it.
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === address;
  const setSearchOpen = (open: boolean) => setSearchOpenOn(open ? address : null);

  // Navigating closes the menu sheet.
  useEffect(() => setMenuOpen(false), [address]);

  // Growing past the phone layout closes the sheets (menu, search), whose buttons are then gone.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP);
    const onChange = () => {
      if (!query.matches) return;
      setMenuOpen(false);
      setSearchOpenOn(null);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `${styles.navLink} ${isActive ? styles.active : ''}`;

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.home} aria-label={es.header.home(settings.siteName)}>
          <Logo />
        </Link>

        <nav className={styles.primary} aria-label={es.header.mainNav}>
          <NavLink to="/mapa" className={navClass}>
            {es.header.mapa}
          </NavLink>
          <NavLink to="/canales" className={navClass}>
            {es.header.canales}
          </NavLink>
          {/* A hashtag's posts are the wall too. */}
          <NavLink
            to="/muro"
            className={({ isActive }) =>
              navClass({ isActive: isActive || location.pathname.startsWith('/tags/') })
            }
          >
            {es.header.muro}
          </NavLink>
        </nav>

        <div className={styles.desktopSearch}>
          <SearchBox />
        </div>

        <div className={styles.tools}>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.phoneOnly}`}
            aria-haspopup="dialog"
            aria-expanded={searchOpen}
            aria-controls={SEARCH_ID}
            aria-label={es.header.searchOpen}
            onPointerEnter={preloadSearchSheet}
            onPointerDown={preloadSearchSheet}
            onFocus={preloadSearchSheet}
            onClick={() => setSearchOpen(true)}
          >
            <Search aria-hidden="true" size={22} />
          </button>

          {/* Phones only: from 768 px the floating chat button (with its count) is the one way in. */}
          <button
            type="button"
            className={`${styles.toolButton} ${styles.chatButton}`}
            onClick={toggleChat}
            title={es.header.chat}
            aria-expanded={chatOpen}
          >
            <span className={styles.avatarWrap}>
              <MessageCircle aria-hidden="true" size={22} />
              {user && chatUnread > 0 && (
                <span className={styles.badge} aria-hidden="true">
                  {chatUnread > 99 ? '99+' : chatUnread}
                </span>
              )}
            </span>
            <span className={styles.toolLabel}>{es.header.chat}</span>
            {user && chatUnread > 0 && (
              <span className="visually-hidden">, {es.header.chatUnread(chatUnread)}</span>
            )}
          </button>

          <a
            href={settings.professionalsUrl}
            className={`${styles.toolButton} ${styles.desktopOnly}`}
            target="_blank"
            rel="noopener"
            title={es.header.professionalsHint}
          >
            <BriefcaseBusiness aria-hidden="true" size={20} />
            <span className={styles.proLabel}>{es.header.professionals}</span>
            <span className="visually-hidden"> {es.header.opensInNewTab}</span>
          </a>

          <NavLink to="/contacto" className={(state) => `${navClass(state)} ${styles.desktopOnly}`}>
            {es.header.contacto}
          </NavLink>

          {user?.role === 'moderator' && (
            <NavLink
              to="/moderacion"
              className={(state) => `${navClass(state)} ${styles.desktopOnly} ${styles.moderation}`}
              title={es.header.moderacionHint}
            >
              <ShieldCheck aria-hidden="true" size={18} />
              {es.header.moderacion}
            </NavLink>
          )}

          {user ? (
            <>
              <Link to="/perfil" className={styles.account}>
                <span className={styles.avatarWrap}>
                  <Avatar name={user.u} src={user.i} size={34} />
                  <NotificationBadge count={pending} />
                </span>
                <span className={styles.username}>{user.u}</span>
              </Link>
              <button
                type="button"
                className={`${styles.toolButton} ${styles.desktopOnly}`}
                onClick={logoutWithCurtain}
                title={es.header.logout}
              >
                <LogOut aria-hidden="true" size={20} />
                <span className={styles.toolLabel}>{es.header.logout}</span>
              </button>
            </>
          ) : (
            <div className={styles.auth} onPointerEnter={preloadAuthModal} onFocus={preloadAuthModal}>
              <button
                type="button"
                className={`btn btn-ghost ${styles.login}`}
                onClick={() => openAuthModal(AUTH_MODE.login)}
              >
                {/* 'Iniciar sesión' does not fit a phone's bar beside the tools: an icon there, named the same */}
                <LogIn aria-hidden="true" size={22} className={styles.loginIcon} />
                <span className={styles.loginLabel}>{es.header.login}</span>
              </button>
              <button
                type="button"
                className={`btn btn-primary ${styles.register} ${styles.desktopOnly}`}
                onClick={() => openAuthModal(AUTH_MODE.register)}
              >
                {es.header.register}
              </button>
            </div>
          )}

          <button
            type="button"
            className={`${styles.iconButton} ${styles.phoneOnly}`}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={es.header.menuOpen}
            onPointerEnter={preloadMobileMenu}
            onPointerDown={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" size={24} />
          </button>
        </div>
      </div>

      {searchOpen && (
        <Suspense fallback={null}>
          <SearchSheet id={SEARCH_ID} onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}

      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu id={MENU_ID} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      <ConnectionStatus />
    </header>
  );
}
