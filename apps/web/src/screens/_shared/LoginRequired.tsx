import { LogIn } from 'lucide-react';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { esCommon } from '../../i18n/screens/common';
import { StatusPanel } from './StatusPanel';

/** A screen that needs a session, opened by a visitor: why, and the way in. */
export function LoginRequired({ title, message }: { title: string; message: string }) {
  return (
    <StatusPanel tone="ko" level="h1" title={title} message={message}>
      <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.login)}>
        <LogIn aria-hidden="true" size={20} />
        {esCommon.logIn}
      </button>
    </StatusPanel>
  );
}
