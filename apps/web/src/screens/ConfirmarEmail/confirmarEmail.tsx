import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MSG, type ApiEnvelope } from '@nomadas/shared';
import { api, isOk, type ApiResult } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { esCommon } from '../../i18n/screens/common';
import { esConfirmarEmail } from '../../i18n/screens/confirmarEmail';
import { useSessionUser } from '../../session/session';
import { StatusPanel } from '../_shared/StatusPanel';
import bones from '../_shared/skeleton.module.css';
import styles from './confirmarEmail.module.css';

const text = esConfirmarEmail;

// The code is single-use: one request per code for the life of the page, however often the screen mounts.
type Confirmation = ApiResult<ApiEnvelope>;
const confirmations = new Map<string, Promise<Confirmation>>();

function confirmEmail(code: string) {
  let pending = confirmations.get(code);
  if (!pending) {
    pending = api.post(`/perfil/email/${encodeURIComponent(code)}`);
    confirmations.set(code, pending);
    // No answer (network, time-out): the code was not spent, so a later visit may try again.
    void pending.then((answer) => answer === false && confirmations.delete(code));
  }
  return pending;
}

/** /perfil/email/{code}: the link mailed to a new address. No session needed: the link is the proof. */
export default function ConfirmarEmailScreen() {
  usePageTitle(text.title);
  const { code = '' } = useParams();
  const user = useSessionUser();
  const [answer, setAnswer] = useState<Confirmation | null>(null);

  useEffect(() => {
    let current = true;
    void confirmEmail(code).then((result) => {
      if (current) setAnswer(result);
    });
    return () => {
      current = false;
    };
  }, [code]);

  const next = user ? (
    <Link to="/perfil" className="btn btn-primary">
      {text.goSettings}
    </Link>
  ) : (
    <Link to="/muro" className="btn btn-primary">
      {esCommon.goWall}
    </Link>
  );

  return (
    <div className={`container ${styles.page}`}>
      {answer === null ? (
        <div className={`card ${styles.waiting}`}>
          <p className="visually-hidden" role="status">
            {text.waiting}
          </p>
          <span className={`${bones.circle} ${styles.boneIcon}`} aria-hidden="true" />
          <span className={`${bones.line} ${styles.boneTitle}`} aria-hidden="true" />
          <span className={`${bones.line} ${styles.boneText}`} aria-hidden="true" />
          <span className={`${bones.bone} ${styles.boneButton}`} aria-hidden="true" />
        </div>
      ) : isOk(answer) ? (
        <StatusPanel tone="ok" level="h1" title={text.okTitle} message={answer.msg ?? MSG.emailChanged}>
          {next}
        </StatusPanel>
      ) : (
        <StatusPanel
          tone="ko"
          level="h1"
          title={text.koTitle}
          message={answer === false ? MSG.serverError : (answer.msg ?? MSG.emailChangeInvalid)}
          note={text.koHelp}
        >
          {next}
          <Link to="/" className="btn btn-secondary">
            {esCommon.goHome}
          </Link>
        </StatusPanel>
      )}
    </div>
  );
}
