import styles from './DeadEnd.module.css';

/** A motorhome stopped where the road ends, in front of a "404" sign: the not-found page, a post that is gone. */
export function DeadEnd({ label, className }: { label: string; className?: string }) {
  return (
    <svg className={`${styles.scene} ${className ?? ''}`} viewBox="0 0 360 200" role="img" aria-label={label}>
      <circle className={styles.sun} cx="118" cy="46" r="24" />
      <path className={styles.hills} d="M0 130C60 96 110 110 170 120S290 92 360 110V200H0Z" />
      <path className={styles.road} d="M0 150H228C240 150 246 156 246 164V200H0Z" />
      <path className={styles.lane} d="M0 168H214" />
      <path className={styles.dirt} d="M246 164C246 156 254 150 264 150H360V200H246Z" />
      <g transform="translate(262 68)">
        <rect className={styles.post} x="22" y="28" width="6" height="58" rx="2" />
        <rect className={styles.sign} width="50" height="36" rx="6" />
        <text className={styles.signText} x="25" y="24" textAnchor="middle">
          404
        </text>
      </g>
      <g transform="translate(70 98)">
        <ellipse className={styles.shadow} cx="62" cy="58" rx="64" ry="4" />
        <path
          className={styles.body}
          d="M8 0H100a8 8 0 0 1 8 8V16L124 34V46a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V8a8 8 0 0 1 8-8Z"
        />
        <path className={styles.stripe} d="M0 36H124V41H0Z" />
        <rect className={styles.glass} x="12" y="10" width="24" height="13" rx="3" />
        <rect className={styles.glass} x="44" y="10" width="20" height="13" rx="3" />
        <path className={styles.glass} d="M104 19L118 34H104Z" />
        <circle className={styles.wheel} cx="26" cy="50" r="9" />
        <circle className={styles.hub} cx="26" cy="50" r="3.5" />
        <circle className={styles.wheel} cx="98" cy="50" r="9" />
        <circle className={styles.hub} cx="98" cy="50" r="3.5" />
      </g>
      <g className={styles.question}>
        <text x="206" y="92" textAnchor="middle">
          ?
        </text>
      </g>
    </svg>
  );
}
