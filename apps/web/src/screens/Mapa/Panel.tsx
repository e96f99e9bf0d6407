import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { esMapa } from '../../i18n/screens/mapa';
import styles from './panels.module.css';

/**
 * A side panel of the map (a sheet over the map's lower part on a phone): not modal, the map stays usable.
 * Its heading takes focus when it opens, so a screen reader hears where it is.
 */
export function Panel({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <header className={styles.head}>
        <h2 id={id} ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={esMapa.toolbar.close}>
          <X aria-hidden="true" size={22} />
        </button>
      </header>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
