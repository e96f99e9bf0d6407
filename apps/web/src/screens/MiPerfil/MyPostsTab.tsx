import { useRef } from 'react';
import { esMiPerfil } from '../../i18n/screens/miPerfil';
import { useSessionUser } from '../../session/session';
import { PublishButton } from '../../posts/PublishButton';
import { UserPosts } from '../../posts/UserPosts';
import styles from './MyPostsTab.module.css';

const text = esMiPerfil.myPosts;

/** /perfil?tab=muro: my posts as the wall's grid, and the composer to publish a new one at its top. */
export function MyPostsTab() {
  const user = useSessionUser();
  const top = useRef<HTMLDivElement>(null);
  if (!user) return null;
  return (
    <>
      <div ref={top} className={styles.bar}>
        <p className={styles.intro}>{text.intro}</p>
        <PublishButton scope={{ user: user.u }} listTop={top} />
      </div>
      <UserPosts username={user.u} />
    </>
  );
}
