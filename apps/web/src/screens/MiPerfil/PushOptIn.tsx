import { useEffect, useState } from 'react';
import { BellRing } from 'lucide-react';
import { esNotifications } from '../../i18n/screens/notifications';
import { readPushState, turnPushOff, turnPushOn, type PushState } from '../../pwa/pushDevice';
import styles from './NotificationsTab.module.css';

const text = esNotifications.push;

/**
 * The opt-in of the notifications tab: a chat message, a reply and a new follower reach this device with the
 * app closed. Permission is asked only when the button is pressed, never on arrival.
 */
export function PushOptIn() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    readPushState().then(
      (read) => live && setState(read),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state === null) return null;

  async function change(turn: () => Promise<{ state: PushState; msg?: string | undefined }>) {
    setBusy(true);
    setFailure(null);
    try {
      const done = await turn();
      setState(done.state);
      // A refusal of the server's says why; a permission prompt dismissed needs no message.
      setFailure(done.msg ?? null);
    } catch {
      setFailure(text.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.push} aria-labelledby="push-opt-in">
      <span className={styles.pushIcon} aria-hidden="true">
        <BellRing size={22} />
      </span>
      <div className={styles.pushBody}>
        <h2 id="push-opt-in" className={styles.pushTitle}>
          {text.title}
        </h2>
        {state === 'unsupported' && <p className={styles.pushText}>{text.unsupported}</p>}
        {state === 'denied' && <p className={styles.pushText}>{text.denied}</p>}
        {state === 'off' && (
          <>
            <p className={styles.pushText}>{text.text}</p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void change(turnPushOn)}
            >
              {busy ? text.turningOn : text.turnOn}
            </button>
          </>
        )}
        {state === 'on' && (
          <>
            <p className={styles.pushText} role="status">
              {text.on}
            </p>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void change(async () => ({ state: await turnPushOff() }))}
            >
              {busy ? text.turningOff : text.turnOff}
            </button>
          </>
        )}
        {failure && (
          <p className={styles.pushFailure} role="alert">
            {failure}
          </p>
        )}
      </div>
    </section>
  );
}
