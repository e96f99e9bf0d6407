import { Link, useParams } from 'react-router';
import { House, Images } from 'lucide-react';
import { PAGE_HEAD } from '@nomadas/shared';
import { QueryScope } from '../../api/QueryScope';
import { useProfileQuery, type PublicProfile } from '../../api/queries/profile';
import { usePageTitle } from '../../app/usePageTitle';
import { esPerfil } from '../../i18n/screens/perfil';
import { settings } from '../../settings';
import { LoadFailedPage } from '../_shared/LoadFailedPage';
import { StatusPanel } from '../_shared/StatusPanel';
import { UserPosts } from '../../posts/UserPosts';
import { ProfileHeader, ProfileHeaderSkeleton } from './ProfileHeader';
import styles from './perfil.module.css';

const text = esPerfil;
const DESCRIPTION_MAX = 160;

/** /perfil/{name}: someone's profile (spec §2), reached from usernames, avatars and @mentions. */
export default function PerfilScreen() {
  const { name = '' } = useParams();
  return (
    <QueryScope>
      {/* A new name is a new page: its lists and dialogs start afresh. */}
      <ProfilePage key={name.toLowerCase()} username={name} />
    </QueryScope>
  );
}

/** The tab title and description, as the server wrote them into the page for a shared link. */
function pageHead(username: string, profile: PublicProfile | null | undefined): [string, string?] {
  if (profile === null) return [text.notFound.pageTitle];
  if (!profile) return [username];
  const description = [...profile.d.replace(/\s+/g, ' ').trim()].slice(0, DESCRIPTION_MAX).join('');
  return [profile.username, description || PAGE_HEAD.profileDescription(profile.username, settings.siteName)];
}

function ProfilePage({ username }: { username: string }) {
  const profile = useProfileQuery(username);
  usePageTitle(...pageHead(username, profile.data));

  if (profile.isPending) {
    return (
      <div className={`container ${styles.page}`}>
        <ProfileHeaderSkeleton />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <LoadFailedPage className={styles.page} text={text.failed} onRetry={() => void profile.refetch()} />
    );
  }
  if (profile.data === null) {
    return (
      <div className={`container ${styles.page}`}>
        <StatusPanel tone="ko" level="h1" title={text.notFound.title} message={text.notFound.text}>
          <Link to="/muro" className="btn btn-primary">
            <Images aria-hidden="true" size={18} />
            {text.notFound.goWall}
          </Link>
          <Link to="/" className="btn btn-secondary">
            <House aria-hidden="true" size={18} />
            {text.notFound.goHome}
          </Link>
        </StatusPanel>
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      <ProfileHeader profile={profile.data} />
      <UserPosts username={profile.data.username} />
    </div>
  );
}
