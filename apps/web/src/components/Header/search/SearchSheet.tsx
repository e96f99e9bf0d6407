import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { ArrowLeft } from 'lucide-react';
import { es } from '../../../i18n/es';
import { esSearch } from '../../../i18n/es.search';
import { useModalLayer } from '../../layers';
import { SearchBox } from '../SearchBox';
import styles from './Search.module.css';

/**
 * The phone's search (spec §2): a full-screen dialog with its own box and the suggestions below it. Focus
 * stays inside; the back button, Escape or choosing a suggestion close it, and focus returns to the opener.
 */
export default function SearchSheet({ id, onClose }: { id: string; onClose: () => void }) {
  const sheet = useRef<HTMLDivElement>(null);
  useModalLayer(sheet, onClose);

  return createPortal(
    <div
      ref={sheet}
      id={id}
      role="dialog"
      aria-modal="true"
      aria-label={esSearch.sheetTitle}
      tabIndex={-1}
      className={styles.sheet}
    >
      <SearchBox
        layout="sheet"
        autoFocus
        onDone={onClose}
        leading={
          <button type="button" className={styles.back} onClick={onClose} aria-label={es.header.searchClose}>
            <ArrowLeft aria-hidden="true" size={22} />
          </button>
        }
      />
    </div>,
    document.body,
  );
}
