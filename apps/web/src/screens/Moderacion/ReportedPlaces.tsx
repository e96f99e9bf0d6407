import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCheck, Flag, MapPin, Trash2 } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import type { MapReportAction, ReportedPlace } from '@nomadas/shared/schemas';
import { useReportedPlacesQuery, useReviewPlaceMutation } from '../../api/queries/reportedPlaces';
import { ConfirmDialog } from '../../components/Modal/ConfirmDialog';
import { toast } from '../../components/Toast/toast';
import { esModeracion } from '../../i18n/screens/moderacion';
import styles from './moderacion.module.css';

const text = esModeracion.places;

interface Review {
  place: ReportedPlace;
  action: MapReportAction;
}

/** /moderacion, second part: places of the map that users say have wrong data. */
export function ReportedPlaces() {
  const places = useReportedPlacesQuery(true);
  const [review, setReview] = useState<Review | null>(null);
  if (!places.data) return null;
  return (
    <section className={styles.places} aria-labelledby="lugares-denunciados">
      <h2 id="lugares-denunciados" className={styles.placesTitle}>
        <MapPin aria-hidden="true" size={22} />
        {text.title}
      </h2>
      {places.data.length === 0 ? (
        <p className={styles.note}>{text.empty}</p>
      ) : (
        <ul className={styles.list} aria-label={text.title}>
          {places.data.map((place) => (
            <li key={place.urlpoint} className={`card ${styles.place}`}>
              <p className={styles.placeName}>
                <Link to={`/mapa/location/${encodeURIComponent(place.urlpoint)}`}>{place.name}</Link>
                {place.draft && <span className={styles.placeTag}>{text.draft}</span>}
              </p>
              <p className={styles.reports}>
                <Flag aria-hidden="true" size={16} />
                {text.reports(place.reports)}
              </p>
              <ul className={styles.reasons}>
                {place.reasons.map((reason) => (
                  <li key={`${reason.username}-${reason.date}`}>
                    <span className={styles.reasonBy}>{reason.username || text.formerUser}</span>{' '}
                    {reason.reason}
                  </li>
                ))}
              </ul>
              <div className={styles.actions}>
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => setReview({ place, action: 'dismiss' })}
                >
                  <CheckCheck aria-hidden="true" size={18} />
                  {text.dismiss}
                  <span className="visually-hidden"> {place.name}</span>
                </button>
                <button
                  type="button"
                  className={`btn ${styles.danger}`}
                  onClick={() => setReview({ place, action: 'remove' })}
                >
                  <Trash2 aria-hidden="true" size={18} />
                  {text.remove}
                  <span className="visually-hidden"> {place.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {review && <ConfirmPlaceReview review={review} onClose={() => setReview(null)} />}
    </section>
  );
}

function ConfirmPlaceReview({ review, onClose }: { review: Review; onClose: () => void }) {
  const mutation = useReviewPlaceMutation();
  const dialog = review.action === 'dismiss' ? text.dismissDialog : text.removeDialog;
  const accept = () => {
    void mutation.mutateAsync({ urlpoint: review.place.urlpoint, action: review.action }).then((answer) => {
      if (answer === false) toast(esModeracion.alreadyReviewed, 'ko');
      else toast(answer.msg ?? MSG.serverError, answer.state === 'OK' ? 'ok' : 'ko');
      onClose();
    }, onClose);
  };
  return (
    <ConfirmDialog
      title={dialog.title(review.place.name)}
      message={dialog.text}
      accept={dialog.accept}
      cancel={esModeracion.cancel}
      onAccept={accept}
      onClose={onClose}
      pending={mutation.isPending}
      acceptClassName={review.action === 'remove' ? `btn ${styles.danger}` : 'btn btn-primary'}
    />
  );
}
