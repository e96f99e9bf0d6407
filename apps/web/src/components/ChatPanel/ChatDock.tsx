import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import { useFirstScreenPainted } from '../../app/idle';
import { closeChat, useShell } from '../../app/shellStore';
import { bootChat } from '../../chat/boot';
import { es } from '../../i18n/es';
import { sessionEvents } from '../../session/session';
import { toast } from '../Toast/toast';

const loadLauncher = () => import('./ChatLauncher');
/** A fresh lazy component after a failed load: React.lazy remembers its first failure for good. */
const lazyLauncher = () => lazy(loadLauncher);

/**
 * The chat's place in the shell, in the first screen's JS at a few hundred bytes: the floating trigger and
 * the panel arrive in their own chunk once the first screen has painted, or at once when the header's Chat
 * button asks.
 */
export function ChatDock() {
  const open = useShell((s) => s.chatOpen);
  const painted = useFirstScreenPainted();
  const [Launcher, setLauncher] = useState(lazyLauncher);

  useEffect(() => bootChat(), []);
  // A panel left open at logout would turn into the visitors' one: it closes instead.
  useEffect(() => sessionEvents.on('logout', closeChat), []);

  function failed() {
    closeChat();
    setLauncher(() => lazyLauncher());
    toast(es.shell.popupFailed, 'ko');
  }

  if (!painted && !open) return null;
  return (
    <ErrorBoundary fallback={null} onError={failed} resetKey={String(open)}>
      <Suspense fallback={null}>
        <Launcher />
      </Suspense>
    </ErrorBoundary>
  );
}
