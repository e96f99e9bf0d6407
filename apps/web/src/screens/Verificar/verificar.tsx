import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MSG, type ApiEnvelope } from '@nomadas/shared';
import { esCommon } from '../../i18n/screens/common';
import { esVerificar } from '../../i18n/screens/verificar';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { api, isOk, type ApiResult } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { StatusPanel } from '../_shared/StatusPanel';
import bones from '../_shared/skeleton.module.css';
import styles from './verificar.module.css';

const text = esVerificar;

// The code is single-use: one request per code for the life of the page, however often the screen mounts
// (React StrictMode mounts effects twice in development).
type Activation = ApiResult<ApiEnvelope>;
const activations = new Map<string, Promise<Activation>>();

function activate(code: string) {
  let pending = activations.get(code);
  if (!pending) {
    pending = api.post(`/verificar/${encodeURIComponent(code)}`);
    activations.set(code, pending);
    // No answer (network, time-out): the code was not spent, so a later visit may try again.
    void pending.then((answer) => answer === false && activations.delete(code));
  }
  return pending;
}

export default function VerificarScreen() {
  usePageTitle(text.title);
  const { code = '' } = useParams();
  const [answer, setAnswer] = useState<Activation | null>(null);

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
      ) : isOk(answer) ? (
        <StatusPanel tone="ok" level="h1" title={text.okTitle} message={answer.msg ?? MSG.activated}>
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.login)}>
            {esCommon.logIn}
          </button>
          <Link to="/muro" className="btn btn-secondary">
            {esCommon.goWall}
          </Link>
        </StatusPanel>
      ) : (
        <StatusPanel
          tone="ko"
          level="h1"
          title={text.koTitle}
          message={answer === false ? MSG.serverError : (answer.msg ?? MSG.activationInvalid)}
          note={text.koHelp}
        >
          <Link to="/contacto" className="btn btn-primary">
            {esCommon.goContact}
          </Link>
          <Link to="/" className="btn btn-secondary">
            {esCommon.goHome}
          </Link>
        </StatusPanel>
      )}
    </div>
  );
}
