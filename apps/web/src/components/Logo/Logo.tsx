import { settings } from '../../settings';
import styles from './Logo.module.css';

/** The brand mark: a caravan under the sun on the road, drawn inline so it needs no request. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className={styles.mark}
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="20" cy="20" r="20" fill="var(--logo-bg, #0b5563)" />
      <circle cx="27.5" cy="13" r="5" fill="#ffb35c" />
      <path
        d="M7 24.5c0-4.7 3.8-8.5 8.5-8.5H25a5 5 0 0 1 5 5v4.5a1.5 1.5 0 0 1-1.5 1.5h-20A1.5 1.5 0 0 1 7 25.5z"
        fill="#fff"
      />
      <rect x="11" y="19" width="5.5" height="4" rx="1.2" fill="#0b5563" />
      <rect x="19" y="19" width="4" height="7" rx="1" fill="#e8590c" />
      <circle cx="14" cy="27.5" r="2.8" fill="#1f2a30" stroke="#fff" strokeWidth="1.4" />
      <path d="M4 31.5h32" stroke="#ffb35c" strokeWidth="1.6" strokeLinecap="round" strokeDasharray="4 3" />
    </svg>
  );
}

/** Mark and wordmark; the wordmark splits the site name at its last dot ("nómadas" + ".tv"). */
export function Logo() {
  const name = settings.siteName;
  const dot = name.lastIndexOf('.');
  return (
    <span className={styles.logo}>
      <LogoMark />
      <span className={styles.word}>
        {dot > 0 ? (
          <>
            {name.slice(0, dot)}
            <span className={styles.tld}>{name.slice(dot)}</span>
          </>
        ) : (
          name
        )}
      </span>
    </span>
  );
}
