import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { useStore } from '../../app/store';
import { esOverlays } from '../../i18n/es.overlays';
import { dismissToast, toastStore, type ToastItem } from './toast';
import styles from './Toast.module.css';

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), item.ms);
    return () => clearTimeout(timer);
  }, [item.id, item.ms, item.shownAt, paused]);

  const Icon = item.kind === 'ok' ? CircleCheck : CircleAlert;
  return (
    <div
      className={`toast ${item.kind} ${styles.toast} ${styles[item.kind]}`}
      role={item.kind === 'ko' ? 'alert' : 'status'}
      aria-live={item.kind === 'ko' ? 'assertive' : 'polite'}
      aria-atomic="true"
      // Hovering or focusing the message holds it on screen (WCAG 2.2.1).
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Icon aria-hidden="true" size={20} className={styles.icon} />
      <p className={styles.msg}>
        {item.msg}
        {item.action && (
          <>
            {' '}
            <Link to={item.action.to} className={styles.action} onClick={() => dismissToast(item.id)}>
              {item.action.label}
            </Link>
          </>
        )}
      </p>
      <button
        type="button"
        className={styles.close}
        onClick={() => dismissToast(item.id)}
        aria-label={esOverlays.toast.close}
      >
        <X aria-hidden="true" size={18} />
      </button>
    </div>
  );
}

/** The stack of timed messages, above every layer but the curtain. */
export default function Toaster() {
  const items = useStore(toastStore);
  return (
    <section className={styles.region} aria-label={esOverlays.toast.region}>
      {items.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </section>
  );
}
