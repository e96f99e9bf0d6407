import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { SessionUserData } from '@nomadas/shared/schemas';
import { Avatar } from '../../components/Avatar/Avatar';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { useSessionUser } from '../../session/session';
import { useRecommendedUsersQuery, type RecommendedUser } from '../../api/queries/recommendedUsers';
import { esMuro } from '../../i18n/screens/muro';
import { FollowButton } from '../../components/FollowButton/FollowButton';
import { profilePath } from '../../posts/PostParts';
import bones from '../../styles/skeleton.module.css';
import styles from './SidePanel.module.css';

const text = esMuro.side;
const MAX_SHOWN = 8;
/** Bones shown while the suggestions load: more than a phone's width, so the strip never grows. */
const BONES = 5;

/**
 * The wall's side panel (spec §2): the user's profile card and 'Otros muros'. A right column on desktop;
 * on a phone a compact strip above the posts.
 */
export function SidePanel({ className }: { className?: string }) {
  const user = useSessionUser();
  const recommended = useRecommendedUsersQuery();
  const users = recommended.data ?? [];
  const loading = recommended.isPending;
  return (
    <aside
      className={`${styles.panel} ${!user && !loading && users.length === 0 ? styles.desktopOnly : ''} ${className ?? ''}`}
      aria-label={text.label}
    >
      {user ? <ProfileCard user={user} /> : <JoinCard />}
      {loading ? <OtherWallsSkeleton /> : users.length > 0 && <OtherWalls users={users} canFollow={!!user} />}
    </aside>
  );
}

function ProfileCard({ user }: { user: SessionUserData }) {
  return (
    <section className={`card ${styles.profile}`} aria-label={user.u}>
      <div className={styles.cover} style={user.ic ? { backgroundImage: `url("${user.ic}")` } : undefined} />
      <div className={styles.identity}>
        <span className={styles.avatarRing}>
          <Avatar name={user.u} src={user.i} size={64} />
        </span>
        <div className={styles.names}>
          <p className={styles.username}>
            <Link to={profilePath(user.u)} className={styles.usernameLink}>
              {user.u}
            </Link>
          </p>
          {user.d && <p className={styles.description}>{user.d}</p>}
        </div>
        <Link to="/perfil" className={styles.profileLink}>
          <span className={styles.profileLinkText}>{text.myProfile}</span>
          <ChevronRight aria-hidden="true" size={20} />
        </Link>
      </div>
    </section>
  );
}

function JoinCard() {
  return (
    <section className={`card ${styles.join}`}>
      <h2 className={styles.joinTitle}>{text.joinTitle}</h2>
      <p className={styles.joinText}>{text.joinText}</p>
      <div className={styles.joinActions}>
        <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.register)}>
          {esMuro.visitor.register}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => openAuthModal(AUTH_MODE.login)}>
          {esMuro.visitor.login}
        </button>
      </div>
    </section>
  );
}

/** The strip's shape while it loads, so the posts under it on a phone do not move when it arrives. */
function OtherWallsSkeleton() {
  return (
    <section className={`card ${styles.others}`} aria-hidden="true">
      <h2 className={styles.othersTitle}>{text.otherWalls}</h2>
      <ul className={styles.othersList}>
        {Array.from({ length: BONES }, (_, i) => (
          <li key={i} className={styles.other}>
            <span className={styles.otherLink}>
              <span className={`${bones.circle} ${styles.avatarBone}`} />
              <span className={`${bones.line} ${styles.nameBone}`}>{'\u00a0'}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function OtherWalls({ users, canFollow }: { users: RecommendedUser[]; canFollow: boolean }) {
  return (
    <section className={`card ${styles.others}`} aria-labelledby="otros-muros">
      <h2 id="otros-muros" className={styles.othersTitle}>
        {text.otherWalls}
      </h2>
      <ul className={styles.othersList}>
        {users.slice(0, MAX_SHOWN).map((other) => (
          <li key={other.username} className={styles.other}>
            <Link to={profilePath(other.username)} className={styles.otherLink}>
              <Avatar name={other.username} src={other.img} size={44} />
              <span className={styles.otherName}>{other.username}</span>
            </Link>
            {canFollow && <FollowButton username={other.username} follow={other.follow} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
