import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { MSG } from '@nomadas/shared';
import { confirmMailedCode, type MailedCodeCall } from '../../api/accounts';
import { isOk } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { StatusPanel } from './StatusPanel';
import bones from '../../styles/skeleton.module.css';
import styles from './CodeConfirmation.module.css';

type Confirmation = Awaited<ReturnType<typeof confirmMailedCode>>;

// A mailed code is single-use: one request per code for the life of the page, however often a screen mounts
// (React StrictMode mounts effects twice in development). Keyed by the whole path, so one map serves every screen.
const confirmations = new Map<string, Promise<Confirmation>>();

function confirmOnce(endpoint: MailedCodeCall, code: string) {
  const path = `${endpoint} ${code}`;
  let pending = confirmations.get(path);
  if (!pending) {
    pending = confirmMailedCode(endpoint, code);
    confirmations.set(path, pending);
    // No answer (network, time-out): the code was not spent, so a later visit may try again.
    void pending.then((answer) => answer === false && confirmations.delete(path));
  }
  return pending;
}

interface CodeConfirmationProps {
  /** The call the route's `:code` is posted to. */
  endpoint: MailedCodeCall;
  texts: { title: string; waiting: string; okTitle: string; koTitle: string; koHelp: string };
  /** Shown when the answer brings no message of its own. */
  okMessage: string;
  koMessage: string;
  okActions: ReactNode;
  koActions: ReactNode;
  /** Lines of text in the waiting skeleton, to match the panel that follows. */
  textLines?: 1 | 2;
}

/** A screen opened from a mailed link: posts the link's code on load, then shows how it went. */
export function CodeConfirmation({
  endpoint,
  texts,
  okMessage,
  koMessage,
  okActions,
  koActions,
  textLines = 1,
}: CodeConfirmationProps) {
  usePageTitle(texts.title);
  const { code = '' } = useParams();
  const [answer, setAnswer] = useState<Confirmation | null>(null);

  useEffect(() => {
    let current = true;
    void confirmOnce(endpoint, code).then((result) => {
      if (current) setAnswer(result);
    });
    return () => {
      current = false;
    };
  }, [endpoint, code]);

  return (
    <div className={`container ${styles.page}`}>
      {answer === null ? (
        <div className={`card ${styles.waiting}`}>
          <p className="visually-hidden" role="status">
            {texts.waiting}
          </p>
          <span className={`${bones.circle} ${styles.boneIcon}`} aria-hidden="true" />
          <span className={`${bones.line} ${styles.boneTitle}`} aria-hidden="true" />
          <span className={`${bones.line} ${styles.boneText}`} aria-hidden="true" />
          {textLines === 2 && <span className={`${bones.line} ${styles.boneTextShort}`} aria-hidden="true" />}
          <span className={`${bones.bone} ${styles.boneButton}`} aria-hidden="true" />
        </div>
      ) : isOk(answer) ? (
        <StatusPanel tone="ok" level="h1" title={texts.okTitle} message={answer.msg ?? okMessage}>
          {okActions}
        </StatusPanel>
      ) : (
        <StatusPanel
          tone="ko"
          level="h1"
          title={texts.koTitle}
          message={answer === false ? MSG.serverError : (answer.msg ?? koMessage)}
          note={texts.koHelp}
        >
          {koActions}
        </StatusPanel>
      )}
    </div>
  );
}
