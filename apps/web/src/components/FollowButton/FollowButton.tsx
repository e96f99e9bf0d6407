import { LoaderCircle } from 'lucide-react';
import type { Flag } from '@nomadas/shared/schemas';
import { infoPopup } from '../InfoPopup/infoPopup';
import { esFollow } from '../../i18n/screens/follow';
import { useSessionUser } from '../../session/session';
import { useFollowState, useFollowToggle } from './useFollowToggle';
import styles from './FollowButton.module.css';

const text = esFollow;

interface FollowButtonProps {
  username: string;
  follow: Flag | boolean | undefined;
  /** 'sm' for lists (36 px to the eye, 44 px to the finger); 'md' for a profile header. */
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * 'Seguir' / 'Dejar de seguir' (spec §4), flipped at once. While the change is on its way it is busy (aria-busy,
 * with a spinner); for 500 ms after a tap it is also aria-disabled (it keeps the focus, which a disabled button
 * would drop). A visitor is asked to log in or register.
 */
export function FollowButton({ username, follow, size = 'sm', className }: FollowButtonProps) {
  const user = useSessionUser();
  const toggle = useFollowToggle();
  const { follows, busy, resting } = useFollowState(username, !!follow);
  const onClick = () => {
    if (!user) {
      infoPopup({ title: text.visitorTitle, text: text.visitorText, login: true, register: true });
      return;
    }
    if (!resting) toggle(username, !follows);
  };
  return (
    <button
      type="button"
      className={`btn ${follows ? 'btn-secondary' : 'btn-primary'} ${styles.button} ${styles[size]} ${className ?? ''}`}
      aria-label={follows ? text.unfollowUser(username) : text.followUser(username)}
      aria-busy={busy || undefined}
      aria-disabled={resting || undefined}
      data-follow={follows ? 1 : 0}
      onClick={onClick}
    >
      {busy && <LoaderCircle aria-hidden="true" size={size === 'sm' ? 14 : 18} className={styles.spinner} />}
      {follows ? text.unfollow : text.follow}
    </button>
  );
}
