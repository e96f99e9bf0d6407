import { useId, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { MAP_REVIEW_TEXT_MAX, MSG } from '@nomadas/shared';
import type { MapReview } from '@nomadas/shared/schemas';
import { outbox, pendingOf, useOutbox } from '../../api/outbox/outbox';
import { esOutbox } from '../../i18n/es.outbox';
import { toast } from '../../components/Toast/toast';
import { esMapaSheet } from '../../i18n/screens/mapa';
import styles from './mapaLocation.module.css';

const text = esMapaSheet.review;

/** Today in the browser's time zone, YYYY-MM-DD (a stay cannot be in the future). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Add or edit my review: 1–5 stars (a radio group), text and the date of my stay. It goes through the outbox
 * (issue #31): with no signal it waits, said under the form, and a second one sent meanwhile replaces it.
 */
export function ReviewForm({ urlpoint, mine }: { urlpoint: string; mine: MapReview | undefined }) {
  const id = useId();
  const waiting = pendingOf(useOutbox(), 'review', (write) => write.urlpoint === urlpoint);
  const [stars, setStars] = useState(mine?.stars ?? 0);
  const [hover, setHover] = useState(0);
  const [starsError, setStarsError] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stars < 1) {
      setStarsError(true);
      toast(MSG.mapStarsRequired, 'ko');
      return;
    }
    setStarsError(false);
    const form = new FormData(event.currentTarget);
    const review = {
      stars,
      text: String(form.get('text') ?? ''),
      stayed: String(form.get('stayed') || today()),
    };
    // One review per place: one still here, never sent, is replaced by this one.
    const last = waiting.at(-1);
    if (last) outbox.cancelUnsent(last.id);
    outbox.add({ kind: 'review', urlpoint, review });
  }

  const shown = hover || stars;
  return (
    <form className={`card ${styles.form}`} onSubmit={submit} noValidate aria-busy={waiting.length > 0}>
      <h3 className={styles.formTitle}>{mine ? text.editTitle : text.title}</h3>
      <fieldset
        className={styles.starPicker}
        aria-describedby={starsError ? `${id}-stars-error` : undefined}
        onMouseLeave={() => setHover(0)}
      >
        <legend>{text.stars}</legend>
        <div className={styles.starOptions}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={styles.starOption} onMouseEnter={() => setHover(n)}>
              <input
                type="radio"
                name="stars"
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="visually-hidden"
              />
              <Star
                aria-hidden="true"
                size={30}
                className={n <= shown ? styles.starOn : styles.starOff}
                fill={n <= shown ? 'currentColor' : 'none'}
              />
              <span className="visually-hidden">{text.star(n)}</span>
            </label>
          ))}
        </div>
        {starsError && (
          <p className="field-error" id={`${id}-stars-error`}>
            {MSG.mapStarsRequired}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-text`}>{text.text}</label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={3}
          maxLength={MAP_REVIEW_TEXT_MAX}
          placeholder={text.textPlaceholder}
          defaultValue={mine?.text ?? ''}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-stayed`}>{text.stayed}</label>
        <input
          id={`${id}-stayed`}
          name="stayed"
          type="date"
          max={today()}
          defaultValue={mine?.stayed ?? today()}
        />
      </div>
      <p role="status" className={styles.muted}>
        {waiting.length > 0 ? esOutbox.reviewPending : ''}
      </p>
      <button type="submit" className="btn btn-primary">
        {mine ? text.update : text.send}
      </button>
    </form>
  );
}
