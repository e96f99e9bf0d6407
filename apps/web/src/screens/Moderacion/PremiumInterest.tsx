import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import { usePremiumInterestListQuery } from '../../api/queries/premiumInterest';
import { Avatar } from '../../components/Avatar/Avatar';
import { esModeracion } from '../../i18n/screens/moderacion';
import styles from './moderacion.module.css';

const text = esModeracion.premium;

/** /moderacion, last part: who asked to hear of Premium ("Avísame"), for the team to tell them. */
export function PremiumInterest() {
  const list = usePremiumInterestListQuery(true);
  if (!list.data) return null;
  return (
    <section className={styles.places} aria-labelledby="quieren-premium">
      <h2 id="quieren-premium" className={styles.placesTitle}>
        <BellRing aria-hidden="true" size={22} />
        {text.title}
        {list.data.total > 0 && <span className={styles.count}>{text.count(list.data.total)}</span>}
      </h2>
      <p className={styles.note}>{list.data.total === 0 ? text.empty : text.lead}</p>
      {list.data.users.length > 0 && (
        <ul className={`card ${styles.place} ${styles.interested}`} aria-label={text.title}>
          {list.data.users.map((user) => (
            <li key={user.username}>
              <Avatar name={user.username} src={user.img} size={32} />
              <Link to={`/perfil/${encodeURIComponent(user.username)}`}>{user.username}</Link>
              <time dateTime={user.since}>{text.since(user.since)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
