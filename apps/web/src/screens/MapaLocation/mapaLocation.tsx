import { isStay } from '@nomadas/shared';
import { Link, useParams } from 'react-router';
import { ArrowLeft, BadgeCheck, CloudOff, Map as MapIcon, TriangleAlert } from 'lucide-react';
import type { MapLocation } from '@nomadas/shared/schemas';
import { QueryScope } from '../../api/QueryScope';
import { outbox, pendingOf, useOutbox } from '../../api/outbox/outbox';
import { esOutbox } from '../../i18n/es.outbox';
import { useMapLocationQuery, type SheetData } from '../../api/queries/mapLocation';
import { AUTH_MODE } from '../../app/shellStore';
import { usePageTitle } from '../../app/usePageTitle';
import { openAuthModal } from '../../components/AuthModal/openAuthModal';
import { Avatar } from '../../components/Avatar/Avatar';
import { ShareButton } from '../../components/ShareButton/ShareButton';
import { esMapa, esMapaSheet } from '../../i18n/screens/mapa';
import { esMapaOffline } from '../../i18n/screens/mapaOffline';
import { esVehicle } from '../../i18n/screens/vehicle';
import { useSessionUser } from '../../session/session';
import { LoadFailedPage } from '../_shared/LoadFailedPage';
import { StatusPanel } from '../_shared/StatusPanel';
import skeleton from '../../styles/skeleton.module.css';
import { KindBadge } from '../../map/kinds';
import { LpgPrice } from '../../map/LpgPrice';
import { Occupancy } from './Occupancy';
import { DirectionsMenu } from './DirectionsMenu';
import { PlacePhotos } from './PlacePhotos';
import { ReportForm } from './ReportForm';
import { ReviewForm } from './ReviewForm';
import { SaveButton } from './SaveButton';
import { SeasonLine, seasonText } from './SeasonLine';
import { ServiceStatus } from './ServiceStatus';
import { Stars } from './Stars';
import { VehicleFit } from './VehicleFit';
import facts from './facts.module.css';
import styles from './mapaLocation.module.css';

const text = esMapaSheet;
const DESCRIPTION_MAX = 160;

/** /mapa/location/{urlpoint}: a place's sheet (spec §2). */
export default function MapaLocationScreen() {
  const { urlpoint = '' } = useParams();
  return (
    <QueryScope>
      <LocationPage key={urlpoint} urlpoint={urlpoint} />
    </QueryScope>
  );
}

function pageHead(place: MapLocation | null | undefined): [string | null, string?] {
  if (place === null) return [text.notFound.pageTitle];
  if (!place) return [esMapa.title];
  const where = [place.municipality, place.province].filter(Boolean).join(', ');
  const description = place.description.replace(/\s+/g, ' ').trim() || text.description(place.name, where);
  return [place.name, [...description].slice(0, DESCRIPTION_MAX).join('')];
}

const priceText = (price: number | null) => (price ? esMapa.pricePerNight(price) : esMapa.free);

function LocationPage({ urlpoint }: { urlpoint: string }) {
  const place = useMapLocationQuery(urlpoint);
  usePageTitle(...pageHead(place.data));

  if (place.isPending) {
    return (
      <div className={`container ${styles.page}`} aria-busy="true">
        <h1 className="visually-hidden">{text.loading}</h1>
        <div className={`${skeleton.bone} ${styles.skeletonTitle}`} />
        <div className={`${skeleton.bone} ${styles.skeletonBody}`} />
      </div>
    );
  }
  if (place.isError) {
    return <LoadFailedPage className={styles.page} text={text.failed} onRetry={() => void place.refetch()} />;
  }
  if (place.data === null) {
    return (
      <div className={`container ${styles.page}`}>
        <StatusPanel tone="ko" level="h1" title={text.notFound.title} message={text.notFound.text}>
          <Link to="/mapa" className="btn btn-primary">
            <MapIcon aria-hidden="true" size={18} />
            {text.notFound.goMap}
          </Link>
        </StatusPanel>
      </div>
    );
  }
  return <Sheet place={place.data} />;
}

function Sheet({ place }: { place: SheetData }) {
  const user = useSessionUser();
  const confirming =
    pendingOf(useOutbox(), 'confirm', (write) => write.urlpoint === place.urlpoint).length > 0;
  const where = [place.municipality, place.province].filter(Boolean).join(', ');
  const mine = place.reviews.find((review) => review.self);
  const details: [string, string][] = [
    // A night's price, where one stays (an LPG station sells fuel: its price is the LPG line above).
    ...(isStay(place.kind) ? [[text.price, priceText(place.price)] as [string, string]] : []),
    [text.season, place.season || seasonText(place.months) || text.unknown],
    [text.maxStay, place.maxStay ? text.nights(place.maxStay) : text.unknown],
    [text.places, place.places ? String(place.places) : text.unknown],
    [text.maxLength, place.maxLength ? text.metres(place.maxLength) : text.unknown],
    [text.maxHeight, place.maxHeight ? text.metres(place.maxHeight) : text.unknown],
    [esVehicle.sheet.maxWeight, place.maxWeight ? esVehicle.tonnes(place.maxWeight) : text.unknown],
    [
      text.surface,
      place.surface ? place.surface[0]!.toLocaleUpperCase('es') + place.surface.slice(1) : text.unknown,
    ],
    [text.coordinates, `${place.lat.toFixed(5)}, ${place.lng.toFixed(5)}`],
  ];

  return (
    <article className={`container ${styles.page}`}>
      <Link to="/mapa" className={styles.back}>
        <ArrowLeft aria-hidden="true" size={18} />
        {text.back}
      </Link>

      <header className={styles.header}>
        <KindBadge kind={place.kind} size={56} />
        <div className={styles.headText}>
          <p className={styles.kind}>{esMapa.kinds[place.kind]}</p>
          <h1 className={styles.name}>{place.name}</h1>
          {where && <p className={styles.where}>{where}</p>}
          <p className={styles.ratingLine}>
            {place.rating !== null ? (
              <>
                <Stars value={place.rating} />
                <strong>{place.rating.toLocaleString('es-ES', { maximumFractionDigits: 1 })}</strong>
                <a href="#opiniones">{text.reviewsCount(place.reviewsCount)}</a>
              </>
            ) : (
              <span className={styles.muted}>{esMapa.noRating}</span>
            )}
            {isStay(place.kind) && (
              <span className={place.price ? styles.price : styles.free}>{priceText(place.price)}</span>
            )}
          </p>
        </div>
      </header>

      {place.lpg && <LpgPrice price={place.lpg.price} date={place.lpg.date} withSource />}

      {place.savedCopy && (
        <p className={styles.savedCopy} role="note">
          <CloudOff aria-hidden="true" size={20} />
          {esMapaOffline.savedSheet}
        </p>
      )}

      {place.draft && (
        <div className={styles.draft} role="note">
          <TriangleAlert aria-hidden="true" size={20} />
          <p>{place.self ? text.draftBanner : text.draftOthers}</p>
          {user && !place.self && confirming && <p role="status">{esOutbox.confirmPending}</p>}
          {user && !place.self && !confirming && (
            <button
              type="button"
              className="btn btn-primary"
              // Through the outbox (issue #31): with no signal it waits, and says so here.
              onClick={() => outbox.add({ kind: 'confirm', urlpoint: place.urlpoint })}
            >
              <BadgeCheck aria-hidden="true" size={18} />
              {text.confirm}
            </button>
          )}
        </div>
      )}

      <div className={facts.facts}>
        <VehicleFit place={place} />
        <SeasonLine months={place.months} />
      </div>

      {place.kind === 'default' && <Occupancy urlpoint={place.urlpoint} />}

      <PlacePhotos place={place} />

      <div className={styles.actionsRow}>
        <DirectionsMenu lat={place.lat} lng={place.lng} />
        {!place.draft && <SaveButton urlpoint={place.urlpoint} name={place.name} saved={place.saved} />}
        {!place.draft && <ShareButton url={`/mapa/location/${place.urlpoint}`} title={place.name} />}
        {user && <ReportForm urlpoint={place.urlpoint} />}
      </div>

      <div className={styles.columns}>
        <div className={styles.main}>
          {place.description && <p className={styles.description}>{place.description}</p>}

          <section aria-labelledby="servicios" className={styles.section}>
            <h2 id="servicios">{text.services}</h2>
            {place.services.length > 0 ? (
              <ServiceStatus urlpoint={place.urlpoint} services={place.services} />
            ) : (
              <p className={styles.muted}>{text.noServices}</p>
            )}
          </section>

          <section aria-labelledby="datos" className={styles.section}>
            <h2 id="datos">{text.details}</h2>
            <dl className={styles.details}>
              {details.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd className={value === text.unknown ? styles.muted : undefined}>{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby="opiniones" className={styles.section}>
            <h2 id="opiniones">
              {text.reviews} <span className={styles.muted}>({place.reviewsCount})</span>
            </h2>
            {user ? (
              <ReviewForm key={mine?.date ?? 'new'} urlpoint={place.urlpoint} mine={mine} />
            ) : (
              <LoginPrompt />
            )}
            {place.reviews.length === 0 ? (
              <p className={styles.muted}>{text.noReviews}</p>
            ) : (
              <ul className={styles.reviews}>
                {place.reviews.map((review) => (
                  <li key={review.username} className={styles.review}>
                    <Link to={`/perfil/${encodeURIComponent(review.username)}`} className={styles.reviewer}>
                      <Avatar name={review.username} src={review.img} size={36} />
                      <span>{review.self ? `${review.username} · ${text.yours}` : review.username}</span>
                    </Link>
                    <Stars value={review.stars} size={16} />
                    <p className={styles.reviewDate}>{text.stayedOn(formatDay(review.stayed))}</p>
                    {review.text && <p className={styles.reviewText}>{review.text}</p>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className={styles.aside}>
          <section aria-labelledby="desde-aqui" className={styles.section}>
            <h2 id="desde-aqui">{text.posts}</h2>
            {place.posts.length > 0 ? (
              <ul className={styles.posts}>
                {place.posts.map((post) => (
                  <li key={post.url}>
                    <Link to={`/muro/${encodeURIComponent(post.url)}`}>
                      <img
                        src={post.media}
                        alt={text.postAlt(post.username)}
                        loading="lazy"
                        decoding="async"
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{place.savedCopy ? esMapaOffline.savedNoPosts : text.noPosts}</p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}

/** YYYY-MM-DD as '3 de mayo de 2025'. */
function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString('es-ES', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

function LoginPrompt() {
  return (
    <div className={`card ${styles.login}`}>
      <p>{text.login.text}</p>
      <div className={styles.formActions}>
        <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.login)}>
          {text.login.login}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => openAuthModal(AUTH_MODE.register)}>
          {text.login.register}
        </button>
      </div>
    </div>
  );
}
