import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { LogIn, UserPlus } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { fetchChannelPage, useChannelQuery } from '../../api/queries/channel';
import { useSubscribeMutation } from '../../api/queries/subscribe';
import { usePageTitle } from '../../app/usePageTitle';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { Avatar } from '../../components/Avatar/Avatar';
import { toast } from '../../components/Toast/toast';
import { esCanal } from '../../i18n/screens/canal';
import { esChannels } from '../../i18n/screens/channels';
import { useSessionUser } from '../../session/session';
import { toastFailure, visitorPopup } from '../../channels/actions';
import { ChannelNotFound } from './ChannelNotFound';
import { channelPath } from '../../channels/format';
import styles from './canal.module.css';

const text = esCanal.subscribing;

/**
 * /subscribe/{canal}: a user is subscribed (unless they already were) and lands on the channel with a toast. A
 * visitor is asked to log in or register first; once they have, the subscription completes by itself.
 */
export function SubscribePage({ canal }: { canal: string }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { mutateAsync: subscribe } = useSubscribeMutation();
  const channel = useChannelQuery(canal);
  const nombre = channel.data?.pages[0]?.canal.nombre ?? canal;
  const started = useRef(false);
  usePageTitle(user ? text.title : text.visitorTitle);

  useEffect(() => {
    if (user) return;
    visitorPopup(esChannels.visitor.subscribe);
  }, [user]);

  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    const land = (url: string, msg: string, kind: 'ok' | 'ko' = 'ok') => {
      toast(msg, kind);
      void navigate(channelPath(url), { replace: true });
    };
    // Read afresh as this user: the toggle must never undo a subscription the cache did not know about.
    fetchChannelPage(canal, 0)
      .then(async (page) => {
        if (!page) return land(canal, MSG.channelUnknown, 'ko');
        const { url, nombre: name, self, subscribed } = page.canal;
        if (self) return land(url, MSG.channelOwnSubscribe, 'ko');
        if (subscribed) return land(url, text.already(name));
        const answer = await subscribe(url);
        land(url, answer.subscribed ? text.done(name) : text.already(name));
      })
      .catch((error: unknown) => {
        toastFailure(error);
        void navigate(channelPath(canal), { replace: true });
      });
  }, [user, canal, navigate, subscribe]);

  if (!user && channel.data?.pages[0] === null) return <ChannelNotFound />;
  const info = channel.data?.pages[0]?.canal;
  return (
    <div className={`container ${styles.page} ${styles.subscribePage}`}>
      <section className={`card ${styles.subscribeCard}`} aria-labelledby="suscribir" aria-busy={!!user}>
        <Avatar name={nombre} src={info?.img_perfil ?? ''} size={88} />
        <h1 id="suscribir" className={styles.subscribeTitle}>
          {user ? text.title : text.visitorTitle}
        </h1>
        <p className={styles.subscribeName}>{nombre}</p>
        {!user && (
          <>
            <p className={styles.subscribeText}>{text.visitorText}</p>
            <div className={styles.subscribeActions}>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => openAuthModal(AUTH_MODE.register)}
              >
                <UserPlus aria-hidden="true" size={18} />
                {text.register}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => openAuthModal(AUTH_MODE.login)}
              >
                <LogIn aria-hidden="true" size={18} />
                {text.login}
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
