import { Link } from 'react-router';
import { MSG } from '@nomadas/shared';
import { esCommon } from '../../i18n/screens/common';
import { esVerificar } from '../../i18n/screens/verificar';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { CodeConfirmation } from '../_shared/CodeConfirmation';

/** /verificar/{code}: the activation link mailed at sign-up. */
export default function VerificarScreen() {
  return (
    <CodeConfirmation
      endpoint="POST /verificar/:code"
      texts={esVerificar}
      okMessage={MSG.activated}
      koMessage={MSG.activationInvalid}
      textLines={2}
      okActions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.login)}>
            {esCommon.logIn}
          </button>
          <Link to="/muro" className="btn btn-secondary">
            {esCommon.goWall}
          </Link>
        </>
      }
      koActions={
        <>
          <Link to="/contacto" className="btn btn-primary">
            {esCommon.goContact}
          </Link>
          <Link to="/" className="btn btn-secondary">
            {esCommon.goHome}
          </Link>
        </>
      }
    />
  );
}
