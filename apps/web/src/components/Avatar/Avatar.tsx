import { useState } from 'react';
import { colorFor, initialsOf } from './initials';
import styles from './Avatar.module.css';

/** A user's picture, or their initials on a colour of their own when there is none (or it fails to load). */
export function Avatar({ name, src, size = 32 }: { name: string; src: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src && !failed) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt=""
        width={size}
        height={size}
        style={style}
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className={`${styles.avatar} ${styles.initials}`}
      style={{ ...style, background: colorFor(name) }}
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}
