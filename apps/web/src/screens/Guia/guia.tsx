import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarDays, Check, Gem, MapPin, Sparkles, Star } from 'lucide-react';
import type { GuideGem } from '@nomadas/shared/schemas';
import { QueryScope } from '../../api/QueryScope';
import { useGuideQuery } from '../../api/queries/guide';
import { usePageTitle } from '../../app/usePageTitle';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { esGuia } from '../../i18n/screens/guia';
import { esMapa } from '../../i18n/screens/mapa';
import { useSessionUser } from '../../session/session';
import { StatusPanel } from '../_shared/StatusPanel';
import skeleton from '../../styles/skeleton.module.css';
import { readVisited, writeVisited } from './visited';
import styles from './guia.module.css';

const text = esGuia;

/** /guia: the '10 joyas' guide every account has (issue #33); visitors are invited to register for it. */
export default function GuiaScreen() {
  usePageTitle(text.title, text.description);
  const user = useSessionUser();
  return (
    <div className={`container ${styles.page}`}>
      {user ? (
        <QueryScope>
          <Guide username={user.u} />
        </QueryScope>
      ) : (
        <VisitorInvite />
      )}
    </div>
  );
}

function VisitorInvite() {
  return (
    <section className={`card ${styles.invite}`} aria-labelledby="guia-invitacion">
      <span className={styles.inviteIcon} aria-hidden="true">
        <Gem size={32} />
      </span>
      <h1 id="guia-invitacion">{text.visitorTitle}</h1>
      <p>{text.visitorText}</p>
      <button
        type="button"
        className="btn btn-primary"
        data-autofocus
        onClick={() => openAuthModal(AUTH_MODE.register)}
      >
        {text.register}
      </button>
      <p className={styles.login}>
        {text.haveAccount}{' '}
        <button type="button" className="link-button" onClick={() => openAuthModal(AUTH_MODE.login)}>
          {text.login}
        </button>
      </p>
    </section>
  );
}

function Guide({ username }: { username: string }) {
  const guide = useGuideQuery(true);
  const [visited, setVisited] = useState(() => readVisited(username));
  const toggle = (slug: string) => {
    const next = new Set(visited);
    if (next.has(slug)) next.delete(slug);
    else next.add(slug);
    writeVisited(username, next);
    setVisited(next);
  };

  if (guide.isError) {
    return (
      <StatusPanel tone="ko" level="h1" title={text.failedTitle} message={text.failedText}>
        <button type="button" className="btn btn-primary" onClick={() => void guide.refetch()}>
          {text.retry}
        </button>
      </StatusPanel>
    );
  }
  if (!guide.data) return <GuideSkeleton />;
  const { gems } = guide.data;
  const done = gems.filter((gem) => visited.has(gem.slug)).length;
  return (
    <>
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <Sparkles aria-hidden="true" size={16} />
          {text.eyebrow}
        </p>
        <h1 className={styles.title}>{guide.data.title}</h1>
        <p className={styles.lead}>{guide.data.intro}</p>
        <p className={styles.progress} aria-live="polite">
          {done === 0 ? text.progressNone(gems.length) : text.progress(done, gems.length)}
        </p>
      </header>

      <nav aria-label={text.index} className={styles.index}>
        <ol>
          {gems.map((gem, i) => (
            <li key={gem.slug}>
              <a href={`#${gem.slug}`} className={visited.has(gem.slug) ? styles.indexDone : undefined}>
                <span className={styles.indexNumber} aria-hidden="true">
                  {visited.has(gem.slug) ? <Check size={14} /> : i + 1}
                </span>
                {gem.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <ol className={styles.gems}>
        {gems.map((gem, i) => (
          <GemCard
            key={gem.slug}
            gem={gem}
            number={i + 1}
            visited={visited.has(gem.slug)}
            onToggle={() => toggle(gem.slug)}
          />
        ))}
      </ol>
    </>
  );
}

function GemCard({
  gem,
  number,
  visited,
  onToggle,
}: {
  gem: GuideGem;
  number: number;
  visited: boolean;
  onToggle: () => void;
}) {
  const headingId = `${gem.slug}-titulo`;
  return (
    <li id={gem.slug} className={`card ${styles.gem}`} aria-labelledby={headingId}>
      <div className={styles.gemHead}>
        <span className={styles.number} aria-hidden="true">
          {number}
        </span>
        <div>
          <h2 id={headingId} className={styles.gemTitle}>
            {gem.title}
          </h2>
          <p className={styles.region}>{gem.region}</p>
        </div>
        <label className={styles.visited}>
          <input type="checkbox" checked={visited} onChange={onToggle} />
          <span>{text.visited}</span>
        </label>
      </div>

      <div className={styles.gemBody}>
        <section>
          <h3 className={styles.label}>
            <Gem aria-hidden="true" size={18} />
            {text.why}
          </h3>
          <p>{gem.why}</p>
        </section>
        <section>
          <h3 className={styles.label}>
            <CalendarDays aria-hidden="true" size={18} />
            {text.when}
          </h3>
          <p>{gem.when}</p>
        </section>
        <section className={styles.area}>
          <h3 className={styles.label}>
            <MapPin aria-hidden="true" size={18} />
            {text.area}
          </h3>
          {gem.place && (
            <p className={styles.placeName}>
              {gem.place.name}
              <span className={styles.rating}>
                {gem.place.rating !== null ? (
                  <>
                    <Star aria-hidden="true" size={14} />
                    {text.rating(gem.place.rating, gem.place.reviews)}
                  </>
                ) : (
                  text.noReviews
                )}
              </span>
            </p>
          )}
          <ul className={styles.offers}>
            {gem.offers.map((offer) => (
              <li key={offer}>{offer}</li>
            ))}
          </ul>
          {gem.place && gem.place.services.length > 0 && (
            <ul className={styles.services} aria-label={text.services}>
              {gem.place.services.map((service) => (
                <li key={service}>{esMapa.services[service]}</li>
              ))}
            </ul>
          )}
          {gem.place ? (
            <Link
              to={`/mapa/location/${encodeURIComponent(gem.place.urlpoint)}`}
              className="btn btn-primary"
            >
              <MapPin aria-hidden="true" size={18} />
              {text.openSheet}
              <span className="visually-hidden">: {gem.place.name}</span>
            </Link>
          ) : (
            <>
              <p className={styles.note}>{text.noSheet}</p>
              <Link to="/mapa" className="btn btn-secondary">
                {text.openMap}
              </Link>
            </>
          )}
        </section>
      </div>
    </li>
  );
}

function GuideSkeleton() {
  return (
    <div aria-busy="true" className={styles.skeleton}>
      <div className={`${skeleton.bone} ${styles.skeletonTitle}`} />
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${skeleton.bone} ${styles.skeletonCard}`} />
      ))}
    </div>
  );
}
