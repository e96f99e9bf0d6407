import { useEffect, useRef, type ComponentType } from 'react';
import { Link } from 'react-router';
import {
  AtSign,
  Bell,
  Clapperboard,
  Heart,
  MessageCircle,
  PartyPopper,
  Reply,
  UserPlus,
  Users,
  type LucideProps,
} from 'lucide-react';
import type { NotificationItem, NotificationType } from '@nomadas/shared/schemas';
import { useMarkNotificationsSeenMutation } from '../../api/queries/markNotificationsSeen';
import { useNotificationsQuery } from '../../api/queries/notifications';
import { Avatar } from '../../components/Avatar/Avatar';
import { esNotifications } from '../../i18n/screens/notifications';
import { refreshPendingNotifications } from '../../session/notifications';
import skeleton from '../../styles/skeleton.module.css';
import { notificationExcerpt, notificationHref, notificationSentence } from './notificationView';
import { PushOptIn } from './PushOptIn';
import { fullDate, timeAgo } from '../../i18n/relativeTime';
import styles from './NotificationsTab.module.css';

const text = esNotifications;

/** The small sign on the avatar that says what happened at a glance. */
const TYPE_ICON: Record<NotificationType, ComponentType<LucideProps>> = {
  post_like: Heart,
  comment_like: Heart,
  post_comment: MessageCircle,
  comment_reply: Reply,
  follow: UserPlus,
  friend: Users,
  mention: AtSign,
  channel_video: Clapperboard,
  welcome: PartyPopper,
};

function NotificationRow({ item }: { item: NotificationItem }) {
  const href = notificationHref(item);
  const excerpt = notificationExcerpt(item);
  const Icon = TYPE_ICON[item.type];
  const thumb = item.target && 'thumb' in item.target ? item.target.thumb : null;
  const content = (
    <>
      <span className={styles.avatar}>
        {item.actor ? (
          <Avatar name={item.actor.username} src={item.actor.img} size={44} />
        ) : (
          <span className={styles.systemAvatar} aria-hidden="true">
            <Bell size={22} />
          </span>
        )}
        <span className={`${styles.typeIcon} ${styles[item.type] ?? ''}`} aria-hidden="true">
          <Icon size={12} strokeWidth={2.5} />
        </span>
      </span>
      <span className={styles.body}>
        <span className={styles.sentence}>
          {!item.seen && <span className="visually-hidden">{text.unseen}: </span>}
          {notificationSentence(item).map((part, index) =>
            typeof part === 'string' ? part : <strong key={index}>{part.name}</strong>,
          )}
        </span>
        {excerpt && <span className={styles.excerpt}>«{excerpt}»</span>}
        <time className={styles.time} dateTime={item.date} title={fullDate(item.date)}>
          {timeAgo(item.date)}
        </time>
      </span>
      {thumb && <img className={styles.thumb} src={thumb} alt="" width={48} height={48} loading="lazy" />}
      {!item.seen && <span className={styles.dot} aria-hidden="true" />}
    </>
  );
  const className = `${styles.item} ${item.seen ? '' : styles.unseen}`;
  return (
    <li>
      {href ? (
        <Link to={href} className={className}>
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className={styles.list} aria-busy="true">
      <p className="visually-hidden" role="status">
        {text.loading}
      </p>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className={styles.item} aria-hidden="true">
          <span className={`${skeleton.circle} ${styles.boneAvatar}`} />
          <span className={styles.body}>
            <span className={skeleton.line} style={{ width: `${78 - (index % 3) * 14}%` }} />
            <span className={skeleton.line} style={{ width: '30%' }} />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * /perfil?tab=notificaciones: my notifications, newest first, a page at a time. Opening it marks them seen
 * (up to the newest shown) and the header badge drops to what is still pending; this visit still marks
 * the ones that were new.
 */
export function NotificationsTab() {
  const query = useNotificationsQuery();
  const markSeen = useMarkNotificationsSeenMutation();
  const { mutate } = markSeen;
  const items = query.data?.pages.flatMap((page) => page.data) ?? [];
  const newest = query.data?.pages[0]?.data[0];
  const handled = useRef<string | null>(null);

  // Once per fetched first page (not the cached one shown while it refetches): pending ones are always
  // the newest, so a seen first one means there are none to mark.
  const fresh = query.isSuccess && !query.isRefetching;
  const newestKey = !fresh ? null : newest ? `${newest.id}:${newest.seen}` : 'empty';
  useEffect(() => {
    if (newestKey === null || handled.current === newestKey) return;
    handled.current = newestKey;
    if (newest && !newest.seen) mutate({ id: newest.id });
    else refreshPendingNotifications();
  }, [newestKey, newest, mutate]);

  return (
    <>
      <PushOptIn />
      <NotificationsList query={query} items={items} />
    </>
  );
}

function NotificationsList({
  query,
  items,
}: {
  query: ReturnType<typeof useNotificationsQuery>;
  items: NotificationItem[];
}) {
  if (query.isPending) return <ListSkeleton />;

  if (query.isError && items.length === 0) {
    return (
      <div className={styles.state} role="alert">
        <p>{text.failed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          {text.retry}
        </button>
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className={styles.state}>
        <span className={styles.stateIcon} aria-hidden="true">
          <Bell size={32} />
        </span>
        <h2 className={styles.stateTitle}>{text.empty.title}</h2>
        <p className={styles.stateText}>{text.empty.text}</p>
        <Link to="/muro" className="btn btn-primary">
          {text.empty.action}
        </Link>
      </div>
    );
  }

  return (
    <>
      <h2 className="visually-hidden">{text.listLabel}</h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <NotificationRow key={item.id} item={item} />
        ))}
      </ul>
      <div className={styles.footer}>
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? text.loadingMore : text.loadMore}
          </button>
        ) : (
          (query.data?.pages.length ?? 0) > 1 && <p className={styles.end}>{text.end}</p>
        )}
      </div>
    </>
  );
}
