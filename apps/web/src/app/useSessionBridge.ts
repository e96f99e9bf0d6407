import { useEffect } from 'react';
import { es } from '../i18n/es';
import { useNavigate } from 'react-router';
import { toast } from '../components/Toast/toast';
import { sessionEvents } from '../session/session';

/** What the shell does on logout (spec §4): go home and say why. The query cache reacts in api/queryClient. */
export function useSessionBridge() {
  const navigate = useNavigate();

  useEffect(
    () =>
      sessionEvents.on('logout', ({ reason }) => {
        navigate('/');
        if (reason === 'button') toast(es.session.loggedOut, 'ok');
        else if (reason === 'expired' || reason === 'unauthorized') toast(es.session.expired, 'ko');
      }),
    [navigate],
  );
}
