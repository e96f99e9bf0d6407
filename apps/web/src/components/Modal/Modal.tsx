import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { esOverlays } from '../../i18n/es.overlays';
import { useModalLayer } from '../layers';
import styles from './Modal.module.css';

export interface ModalProps {
  /** Names the dialog (aria-labelledby). */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Full-bleed content above the title (an illustration). */
  header?: ReactNode;
  /** Id of the element that describes the dialog (aria-describedby). */
  describedBy?: string;
  /** sm 420 px, md 480 px (default), lg 960 px (a post with its comments). */
  size?: 'sm' | 'md' | 'lg';
  /** Centres the title and text (short messages). */
  centered?: boolean;
  /**
   * 'viewer': a full-screen layer on a dark backdrop (a photo with its post) that lays itself out with
   * `className`: the title is for screen readers only and the content brings its own close button.
   */
  variant?: 'dialog' | 'viewer';
  /** The viewer's own layout, on the dialog element. */
  className?: string;
  /** Where focus goes on close instead of the opener (see useModalLayer). */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog, open while mounted: focus trapped and returned to the opener, Escape and a click on the
 * backdrop close it, the page behind does not scroll. A sheet from the bottom on phones, a card on desktop.
 * Put `data-autofocus` on the element that should receive focus first (otherwise the dialog itself does).
 */
export function Modal({
  title,
  onClose,
  children,
  header,
  describedBy,
  size = 'md',
  centered,
  variant = 'dialog',
  className,
  returnFocus,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalLayer(panel, onClose, returnFocus);

  if (variant === 'viewer') {
    return createPortal(
      <div className={`${styles.root} ${styles.viewer}`}>
        <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={describedBy}
          tabIndex={-1}
          className={`${styles.viewerPanel} ${className ?? ''}`}
        >
          <h2 id={titleId} className="visually-hidden">
            {title}
          </h2>
          {children}
        </div>
      </div>,
      document.body,
    );
  }

  return createPortal(
    <div className={styles.root}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`${styles.panel} ${styles[size]} ${centered ? styles.centered : ''}`}
      >
        {header}
        <div className={styles.body}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </div>
        <button type="button" className={styles.close} onClick={onClose} aria-label={esOverlays.modal.close}>
          <X aria-hidden="true" size={22} />
        </button>
      </div>
    </div>,
    document.body,
  );
}
