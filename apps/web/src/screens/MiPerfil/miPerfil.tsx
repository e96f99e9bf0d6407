import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight, Gem } from 'lucide-react';
import { QueryScope } from '../../api/QueryScope';
import { usePageTitle } from '../../app/usePageTitle';
import { esMiPerfil } from '../../i18n/screens/miPerfil';
import { useSessionUser } from '../../session/session';
import { LoginRequired } from '../_shared/LoginRequired';
import { ChannelTab } from './ChannelTab';
import { MyPlacesTab } from './MyPlacesTab';
import { MyPostsTab } from './MyPostsTab';
import { NotificationsTab } from './NotificationsTab';
import { SettingsTab } from './SettingsTab';
import { PROFILE_TABS, profileTabFrom, type ProfileTab } from './tabs';
import styles from './miPerfil.module.css';

const text = esMiPerfil;

const TAB_CONTENT: Record<ProfileTab, () => ReactNode> = {
  perfil: SettingsTab,
  muro: MyPostsTab,
  lugares: MyPlacesTab,
  canal: ChannelTab,
  notificaciones: NotificationsTab,
};

/** /perfil?tab=…: my settings, my posts, my saved places, my channel and my notifications (spec §2). */
export default function MiPerfilScreen() {
  usePageTitle(text.title, text.description);
  const user = useSessionUser();
  const [query] = useSearchParams();
  const tab = profileTabFrom(query.get('tab'));
  const tabs = useRef<HTMLElement>(null);
  // On a phone the tab bar scrolls sideways: keep the open tab in sight.
  useEffect(() => {
    tabs.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  if (!user) {
    return (
      <div className={`container ${styles.page}`}>
        <LoginRequired title={text.visitorTitle} message={text.visitorText} />
      </div>
    );
  }
  const Content = TAB_CONTENT[tab];
  return (
    <QueryScope>
      <div className={`container ${styles.page}`}>
        <h1 className={styles.title}>{text.title}</h1>
        <Link to="/guia" className={styles.guide}>
          <Gem aria-hidden="true" size={22} className={styles.guideIcon} />
          <span className={styles.guideText}>
            <strong>{text.guide}</strong>
            <span>{text.guideHint}</span>
          </span>
          <ChevronRight aria-hidden="true" size={20} />
        </Link>
        <nav ref={tabs} aria-label={text.tabsLabel} className={styles.tabs}>
          {PROFILE_TABS.map((name) => (
            <Link
              key={name}
              to={name === 'perfil' ? '/perfil' : `/perfil?tab=${name}`}
              className={styles.tab}
              aria-current={name === tab ? 'page' : undefined}
            >
              {text.tabs[name]}
            </Link>
          ))}
        </nav>
        <section className={styles.panel} aria-label={text.tabs[tab]}>
          <Content />
        </section>
      </div>
    </QueryScope>
  );
}
