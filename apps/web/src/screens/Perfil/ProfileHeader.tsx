import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MessageCircle, Pencil, Tv, Users } from 'lucide-react';
import type { FollowsListName } from '@nomadas/shared/schemas';
import type { PublicProfile } from '../../api/queries/profile';
import { openChatWith } from '../../app/shellStore';
import { FollowButton } from '../../components/FollowButton/FollowButton';
import { formatCount } from '../../i18n/numbers';
import { esPerfil } from '../../i18n/screens/perfil';
import { useSessionUser } from '../../session/session';
import { RichText } from '../../posts/PostParts';
import { CoverHeader, CoverHeaderSkeleton } from '../_shared/CoverHeader';
import { FollowsDialog } from './FollowsDialog';
import bones from '../../styles/skeleton.module.css';
import styles from './perfil.module.css';

const text = esPerfil;

/**
 * Cover, avatar, name, description and counts; 'Seguir' / 'Dejar de seguir' and 'Enviar mensaje' (or
 * 'Editar perfil' on one's own). The followers and following counts open their lists.
 */
export function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const user = useSessionUser();
  const [list, setList] = useState<FollowsListName | null>(null);
  const self = profile.self || user?.u === profile.username;
  const { counts } = profile;
  const [query, setQuery] = useSearchParams();
  const chatAsked = query.get('chat') === '1';
  const loggedIn = user !== null;
  // ?chat=1 (a chat message's push, apps/server/src/modules/push/push-notices.ts) opens the conversation, once.
  useEffect(() => {
    if (!chatAsked || self || !loggedIn) return;
    openChatWith(profile.username);
    setQuery(
      (params) => {
        params.delete('chat');
        return params;
      },
      { replace: true },
    );
  }, [chatAsked, self, loggedIn, profile.username, setQuery]);

  return (
    <CoverHeader
      name={profile.username}
      avatar={profile.imgperfil}
      cover={profile.imgcab ? { src: profile.imgcab, alt: '' } : null}
      badge={
        profile.friend === 1 && (
          <span className={styles.friend} title={text.friendsHint(profile.username)}>
            <Users aria-hidden="true" size={14} />
            {text.friends}
          </span>
        )
      }
      identity={
        profile.canal && (
          <Link to={`/canales/${encodeURIComponent(profile.canal.url)}`} className={styles.channelLink}>
            <Tv aria-hidden="true" size={16} />
            <span className="visually-hidden">{text.channel}: </span>
            {profile.canal.nombre}
          </Link>
        )
      }
      actions={
        self ? (
          <Link to="/perfil" className="btn btn-secondary">
            <Pencil aria-hidden="true" size={18} />
            {text.edit}
          </Link>
        ) : (
          <>
            <FollowButton username={profile.username} follow={profile.follow} size="md" />
            <button
              type="button"
              className="btn btn-secondary"
              aria-label={text.messageUser(profile.username)}
              onClick={() => openChatWith(profile.username)}
            >
              <MessageCircle aria-hidden="true" size={18} />
              {text.message}
            </button>
          </>
        )
      }
      description={
        profile.d ? (
          <RichText value={profile.d} />
        ) : (
          self && <p className={styles.muted}>{text.ownNoDescription}</p>
        )
      }
      footer={
        <ul className={styles.counts} aria-label={text.counts.label}>
          <li>
            <span className={styles.count}>
              <strong>{formatCount(counts.posts)}</strong> {text.counts.posts(counts.posts)}
            </span>
          </li>
          <li>
            <CountButton
              count={counts.followers}
              label={text.counts.followers(counts.followers)}
              title={text.counts.openFollowers(profile.username)}
              onClick={() => setList('followers')}
            />
          </li>
          <li>
            <CountButton
              count={counts.following}
              label={text.counts.following}
              title={text.counts.openFollowing(profile.username)}
              onClick={() => setList('following')}
            />
          </li>
        </ul>
      }
    >
      {list && (
        <FollowsDialog
          username={profile.username}
          counts={counts}
          initial={list}
          onClose={() => setList(null)}
        />
      )}
    </CoverHeader>
  );
}

interface CountButtonProps {
  count: number;
  label: string;
  title: string;
  onClick: () => void;
}

/** A count that opens its list ("12 seguidores"). */
function CountButton({ count, label, title, onClick }: CountButtonProps) {
  return (
    <button
      type="button"
      className={styles.countButton}
      aria-haspopup="dialog"
      title={title}
      onClick={onClick}
    >
      <strong>{formatCount(count)}</strong> {label}
    </button>
  );
}

/** The header's shape while the profile loads, then the grid's. */
export function ProfileHeaderSkeleton() {
  return (
    <>
      <CoverHeaderSkeleton
        status={text.loading}
        buttons={2}
        footer={
          <ul className={styles.counts}>
            {[0, 1, 2].map((key) => (
              <li key={key} className={`${bones.line} ${styles.countBone}`} />
            ))}
          </ul>
        }
      />
      <div className={styles.gridBones} aria-hidden="true">
        {Array.from({ length: 6 }, (_, key) => (
          <span key={key} className={bones.bone} />
        ))}
      </div>
    </>
  );
}
