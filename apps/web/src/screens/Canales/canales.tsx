import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Clapperboard, Settings2 } from 'lucide-react';
import { CHANNEL_ORDERS, type ChannelOrder } from '@nomadas/shared';
import { QueryScope } from '../../api/QueryScope';
import { useChannelsQuery } from '../../api/queries/channels';
import { useOwnChannelQuery } from '../../api/queries/ownChannel';
import { usePageTitle } from '../../app/usePageTitle';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { esCanales } from '../../i18n/screens/canales';
import { useSessionUser } from '../../session/session';
import { settings } from '../../settings';
import parts from '../../channels/channelParts.module.css';
import { ChannelCardView, ChannelGridSkeleton } from './ChannelCardView';
import styles from './canales.module.css';

const text = esCanales;

const orderFrom = (value: string | null): ChannelOrder =>
  (CHANNEL_ORDERS as readonly string[]).includes(value ?? '') ? (value as ChannelOrder) : 'destacados';

/** /canales: the channels, featured, most subscribed or newest (spec §2). */
export default function CanalesScreen() {
  return (
    <QueryScope>
      <ChannelList />
    </QueryScope>
  );
}

function ChannelList() {
  usePageTitle(text.title, text.description(settings.siteName));
  const [params] = useSearchParams();
  const orden = orderFrom(params.get('orden'));
  const list = useChannelsQuery(orden);
  const user = useSessionUser();
  const channels = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{text.title}</h1>
        <p className={styles.intro}>{text.intro}</p>
      </header>

      {user && <OwnChannelCall />}

      <nav aria-label={text.ordersLabel} className={styles.orders}>
        {CHANNEL_ORDERS.map((order) => (
          <Link
            key={order}
            to={order === 'destacados' ? '/canales' : `/canales?orden=${order}`}
            replace
            className={styles.chip}
            aria-current={order === orden ? 'page' : undefined}
          >
            {text.orders[order]}
          </Link>
        ))}
      </nav>

      <section aria-labelledby="canales-lista">
        <h2 id="canales-lista" className="visually-hidden">
          {text.listLabel}
        </h2>
        <p className="visually-hidden" role="status">
          {list.isPending ? text.loading : list.isFetchingNextPage ? text.loadingMore : ''}
        </p>
        {list.isPending ? (
          <ChannelGridSkeleton count={6} />
        ) : list.isError && channels.length === 0 ? (
          <div className={parts.note}>
            <p>{text.failed}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
              {text.retry}
            </button>
          </div>
        ) : channels.length === 0 ? (
          <p className={parts.note}>{text.empty}</p>
        ) : (
          <ul className={styles.grid}>
            {channels.map((channel, i) => (
              <li key={channel.url}>
                <ChannelCardView channel={channel} eager={i < 2} />
              </li>
            ))}
          </ul>
        )}
        {list.isFetchingNextPage && <ChannelGridSkeleton count={3} />}
        {list.hasNextPage && !list.isFetchingNextPage && (
          <div className={parts.more}>
            <button type="button" className="btn btn-secondary" onClick={() => void list.fetchNextPage()}>
              {list.isFetchNextPageError ? text.retry : text.more}
            </button>
          </div>
        )}
      </section>

      {/* A visitor sees the channels first, and the invitation to open one after them. */}
      {!user && <OwnChannelCall />}
    </div>
  );
}

/** 'Crea tu canal' for whoever has none (a visitor registers first); 'Gestionar mi canal' for an owner. */
function OwnChannelCall() {
  const user = useSessionUser();
  const own = useOwnChannelQuery({ enabled: !!user });
  if (user && own.data?.canal) {
    return (
      <Link to="/perfil?tab=canal" className={`btn btn-secondary ${styles.manage}`}>
        <Settings2 aria-hidden="true" size={18} />
        {text.mine}
      </Link>
    );
  }
  if (user && !own.data) return null;
  return (
    <aside className={styles.create} aria-labelledby="crea-tu-canal">
      <Clapperboard aria-hidden="true" size={32} className={styles.createIcon} />
      <div className={styles.createText}>
        <h2 id="crea-tu-canal">{text.create.title}</h2>
        <p>{text.create.text}</p>
      </div>
      {user ? (
        <Link to="/perfil?tab=canal" className="btn btn-primary">
          {text.create.action}
        </Link>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.register)}>
          {text.create.action}
        </button>
      )}
    </aside>
  );
}
