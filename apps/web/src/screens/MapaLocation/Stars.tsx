import { Star } from 'lucide-react';
import { esMapa } from '../../i18n/screens/mapa';
import styles from './mapaLocation.module.css';

/** A rating as five stars (filled up to the rounded value), read as 'N de 5 estrellas'. */
export function Stars({ value, size = 18 }: { value: number; size?: number }) {
  const filled = Math.round(value);
  return (
    <span className={styles.stars} role="img" aria-label={esMapa.rating(value)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          size={size}
          className={n <= filled ? styles.starOn : styles.starOff}
          fill={n <= filled ? 'currentColor' : 'none'}
        />
      ))}
    </span>
  );
}
