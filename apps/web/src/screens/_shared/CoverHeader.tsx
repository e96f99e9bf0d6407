import { useId, type ReactNode } from 'react';
import { useFirstScreenPainted } from '../../app/idle';
import { Avatar } from '../../components/Avatar/Avatar';
import bones from '../../styles/skeleton.module.css';
import styles from './CoverHeader.module.css';

interface CoverHeaderProps {
  /** The heading: a user's or a channel's name; the avatar's initials come from it too. */
  name: string;
  avatar: string;
  /**
   * The cover picture, or the brand gradient without one; `alt` '' when it only decorates. `behind`: the
   * screen has larger pictures above the fold (a channel's posters), which a phone should fetch first: the
   * cover (a 1440 px photo) is asked for once the first screen has painted, the gradient showing until then.
   */
  cover: { src: string; alt: string; behind?: boolean } | null;
  /** Beside the name (a profile's 'Amigos' badge). */
  badge?: ReactNode;
  /** Lines under the name (a channel's owner and counts, a profile's channel link). */
  identity?: ReactNode;
  actions: ReactNode;
  description?: ReactNode;
  /** Under everything (a profile's counts). */
  footer?: ReactNode;
  /** After the card, inside its section (a dialog it opens). */
  children?: ReactNode;
}

/** The card that heads a profile and a channel: cover, avatar, name, actions, description. */
export function CoverHeader({
  name,
  avatar,
  cover,
  badge,
  identity,
  actions,
  description,
  footer,
  children,
}: CoverHeaderProps) {
  const headingId = useId();
  const painted = useFirstScreenPainted();
  return (
    <section className={`card ${styles.header}`} aria-labelledby={headingId}>
      <div className={styles.cover}>
        {cover && (!cover.behind || painted) && (
          <img
            src={cover.src}
            alt={cover.alt}
            fetchPriority={cover.behind ? 'low' : 'high'}
            decoding="async"
          />
        )}
      </div>
      <div className={styles.body}>
        <span className={styles.avatarRing}>
          <Avatar name={name} src={avatar} size={136} />
        </span>
        <div className={styles.identity}>
          <h1 id={headingId} className={styles.name}>
            {name}
          </h1>
          {badge}
          {identity && <div className={styles.lines}>{identity}</div>}
        </div>
        <div className={styles.actions}>{actions}</div>
        {description && <div className={styles.description}>{description}</div>}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
      {children}
    </section>
  );
}

/** The header's shape while it loads, so nothing jumps when it arrives. */
export function CoverHeaderSkeleton({
  status,
  buttons,
  footer,
}: {
  /** What a screen reader hears meanwhile ('Cargando el perfil…'). */
  status: string;
  buttons: number;
  footer?: ReactNode;
}) {
  return (
    <>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <div className={`card ${styles.header}`} aria-hidden="true">
        <div className={`${bones.bone} ${styles.cover} ${styles.coverBone}`} />
        <div className={styles.body}>
          <span className={styles.avatarRing}>
            <span className={`${bones.circle} ${styles.avatarBone}`} />
          </span>
          <div className={styles.identity}>
            <span className={`${bones.line} ${styles.nameBone}`} />
            <span className={`${bones.line} ${styles.lineBone}`} />
          </div>
          <div className={styles.actions}>
            {Array.from({ length: buttons }, (_, key) => (
              <span key={key} className={`${bones.bone} ${styles.buttonBone}`} />
            ))}
          </div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      </div>
    </>
  );
}
