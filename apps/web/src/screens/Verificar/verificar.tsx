import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MSG } from '@nomadas/shared';
import { esScreens } from '../../i18n/es.screens';
import { AUTH_MODE, openAuthModal } from '../_shared/auth';
import { postApi, type ApiAnswer } from '../_shared/http';
import { usePageTitle } from '../_shared/pageTitle';
import { StatusPanel } from '../_shared/StatusPanel';
import bones from '../_shared/skeleton.module.css';
import styles from './verificar.module.css';

const text = esScreens.verificar;

// The code is single-use: one request per code for the life of the page, however often the screen mounts
// (React StrictMode mounts effects twice in development).
const activations = new Map<string, Promise<ApiAnswer<unknown>>>();

function activate(code: string) {
  let pending = activations.get(code);
  if (!pending) {
    pending = postApi(`/verificar/${encodeURIComponent(code)}`);
    activations.set(code, pending);
    // Unreachable server: the code was not spent, so a later visit may try again.
    void pending.then((answer) => answer.status === 0 && activations.delete(code));
  }
  return pending;
}

export default function VerificarScreen() {
  usePageTitle(text.title);
  const { code = '' } = useParams();
  const [answer, setAnswer] = useState<ApiAnswer<unknown> | null>(null);

  useEffect(() => {
    let current = true;
    void activate(code).then((result) => {
      if (current) setAnswer(result);
    });
    return () => {
      current = false;
    };
  }, [code]);

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
          <span className={`${bones.line} ${styles.boneTextShort}`} aria-hidden="true" />
          <span className={`${bones.bone} ${styles.boneButton}`} aria-hidden="true" />
        </div>
      ) : answer.state === 'OK' ? (
        <StatusPanel tone="ok" level="h1" title={text.okTitle} message={answer.msg ?? MSG.activated}>
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.login)}>
            {esScreens.common.logIn}
          </button>
          <Link to="/muro" className="btn btn-secondary">
            {esScreens.common.goWall}
          </Link>
        </StatusPanel>
      ) : (
        <StatusPanel
          tone="ko"
          level="h1"
          title={text.koTitle}
          message={answer.msg ?? MSG.activationInvalid}
          note={text.koHelp}
        >
          <Link to="/contacto" className="btn btn-primary">
            {esScreens.common.goContact}
          </Link>
          <Link to="/" className="btn btn-secondary">
            {esScreens.common.goHome}
          </Link>
        </StatusPanel>
      )}
    </div>
  );
}
