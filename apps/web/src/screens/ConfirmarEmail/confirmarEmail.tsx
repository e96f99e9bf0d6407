import { Link } from 'react-router';
import { MSG } from '@nomadas/shared';
import { esCommon } from '../../i18n/screens/common';
import { esConfirmarEmail } from '../../i18n/screens/confirmarEmail';
import { useSessionUser } from '../../session/session';
import { CodeConfirmation } from '../_shared/CodeConfirmation';

const text = esConfirmarEmail;

/** /perfil/email/{code}: the link mailed to a new address. No session needed: the link is the proof. */
export default function ConfirmarEmailScreen() {
  const user = useSessionUser();

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
    <CodeConfirmation
      endpoint="POST /perfil/email/:code"
      texts={text}
      okMessage={MSG.emailChanged}
      koMessage={MSG.emailChangeInvalid}
      okActions={next}
      koActions={
        <>
          {next}
          <Link to="/" className="btn btn-secondary">
            {esCommon.goHome}
          </Link>
        </>
      }
    />
  );
}
