import { useState } from 'react';
import styles from './Avatar.module.css';

// Dark enough for white initials at AA contrast.
const COLORS = ['#0b5563', '#b03a0b', '#5f3dc4', '#1864ab', '#a61e4d', '#2b6a34', '#7a4a12'];

function colorFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

function initialsOf(name: string): string {
  const parts = name
    .replace(/[_.-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[1]![0]] : [...(parts[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

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
