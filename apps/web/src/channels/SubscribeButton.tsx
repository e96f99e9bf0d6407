import { Bell, BellRing } from 'lucide-react';
import type { Channel } from '@nomadas/shared/schemas';
import { useSubscribeMutation } from '../api/queries/subscribe';
import { esChannels } from '../i18n/screens/channels';
import { useSessionUser } from '../session/session';
import { toastFailure, visitorPopup } from './actions';
import { formatCount } from '../i18n/numbers';
import { subscribersText } from './format';
import styles from './channelParts.module.css';

const text = esChannels;

/**
 * 'Suscribirme' / 'Suscrito' with the subscriber count (aria-pressed). Flag and count change when the server
 * confirms; a visitor is asked to log in or register.
 */
export function SubscribeButton({
  canal,
  withCount = true,
  className,
}: {
  canal: Pick<Channel, 'url' | 'subscribed' | 'subs'>;
  /** The count inside the button (left out where the count is shown beside it). */
  withCount?: boolean;
  className?: string;
}) {
  const user = useSessionUser();
  const subscribe = useSubscribeMutation();
  const on = canal.subscribed;
  const Icon = on ? BellRing : Bell;
  return (
    <button
      type="button"
      className={`btn ${on ? 'btn-secondary' : 'btn-primary'} ${styles.subscribe} ${className ?? ''}`}
      aria-pressed={on}
      aria-busy={subscribe.isPending || undefined}
      onClick={() => {
        if (!user) return visitorPopup(text.visitor.subscribe);
        if (!subscribe.isPending) subscribe.mutateAsync(canal.url).catch(toastFailure);
      }}
    >
      <Icon aria-hidden="true" size={18} />
      <span>{on ? text.subscribed : text.subscribe}</span>
      {withCount && (
        <>
          <span className={styles.subscribeCount} aria-hidden="true">
            {formatCount(canal.subs)}
          </span>
          <span className="visually-hidden">, {subscribersText(canal.subs)}</span>
        </>
      )}
    </button>
  );
}
