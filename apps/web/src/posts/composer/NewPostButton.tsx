import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Camera, Plus } from 'lucide-react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import { ChunkLoadError } from '../../app/lazyScreen';
import { hideCurtain, showCurtain } from '../../components/Curtain/curtain';
import { toast } from '../../components/Toast/toast';
import { es } from '../../i18n/es';
import { esComposer } from '../../i18n/screens/composer';
import { useSessionUser } from '../../session/session';
import styles from './NewPostButton.module.css';

type ComposerModule = typeof import('./ComposerModal');

let pending: Promise<ComposerModule> | null = null;

/** The composer's own chunk, fetched once (on hover, focus or touch of the button); a failure may be retried. */
function loadComposer(): Promise<ComposerModule> {
  pending ??= new Promise<ComposerModule>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError('Loading chunk timed out')),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    import('./ComposerModal')
      .then(resolve, (error: unknown) =>
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed')),
      )
      .finally(() => clearTimeout(timer));
  });
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

const preload = () => void loadComposer().catch(() => {});

/** A fresh lazy component, also after a failed load: React.lazy remembers its first failure for good. */
const lazyComposer = () => lazy(loadComposer);

/** On a slow connection the loading curtain shows while the composer's code arrives (not for a quick one). */
function CurtainWhileLoading() {
  useEffect(() => {
    showCurtain();
    return hideCurtain;
  }, []);
  return null;
}

/**
 * "Nueva publicación" for logged-in users (nothing for visitors): a floating button on phones, an inline
 * one from tablets up. It opens the composer, whose code loads on first use; `onCreated` gets the new post.
 */
export function NewPostButton({ onCreated }: { onCreated: (post: WallPost) => void }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const [Composer, setComposer] = useState(lazyComposer);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Back on the button once the composer has gone, whichever dialog closed last (focus is not lost).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [open]);

  if (!user) return null;

  function failed() {
    setOpen(false);
    setComposer(() => lazyComposer());
    toast(es.shell.popupFailed, 'ko');
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`btn btn-primary ${styles.button}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
      >
        <span className={styles.icon} aria-hidden="true">
          <Camera size={20} className={styles.camera} />
          <Plus size={14} strokeWidth={3} className={styles.plus} />
        </span>
        {esComposer.open}
      </button>
      {open && (
        <ErrorBoundary fallback={null} onError={failed}>
          <Suspense fallback={<CurtainWhileLoading />}>
            <Composer onClose={() => setOpen(false)} onCreated={onCreated} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
