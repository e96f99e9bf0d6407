import { useEffect, useRef, type ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import styles from './StatusPanel.module.css';

interface StatusPanelProps {
  tone: 'ok' | 'ko';
  title: string;
  message: string;
  /** A second, quieter line under the message. */
  note?: string;
  /** h1 when the result is the page itself (activation), h2 inside a page that has its own h1. */
  level?: 'h1' | 'h2';
  /** Buttons and links under the message. */
  children?: ReactNode;
}

/** The outcome of a one-shot action (activation, new password, contact), announced and focused on arrival. */
export function StatusPanel({ tone, title, message, note, level = 'h2', children }: StatusPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = level;
  const Icon = tone === 'ok' ? CircleCheck : CircleAlert;
  return (
    <section className={`card ${styles.panel} ${tone === 'ok' ? styles.ok : styles.ko}`} aria-live="polite">
      <span className={styles.icon} aria-hidden="true">
        <Icon size={32} strokeWidth={2} />
      </span>
      <Heading ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </Heading>
      <p className={styles.message}>{message}</p>
      {note && <p className={styles.note}>{note}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
