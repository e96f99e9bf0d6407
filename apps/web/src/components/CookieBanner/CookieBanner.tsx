import { useId } from 'react';
import { Cookie } from 'lucide-react';
import { COOKIES_ALL, COOKIES_ESSENTIAL } from '@nomadas/shared';
import { Link } from 'react-router';
import { esOverlays } from '../../i18n/es.overlays';
import { settings } from '../../settings';
import { saveCookieChoice } from './cookies';
import styles from './CookieBanner.module.css';

/** First-visit cookie choice (spec §2, §4). Not modal: the page stays usable behind it. */
export default function CookieBanner() {
  const titleId = useId();
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <div className={styles.inner}>
        <div className={styles.copy}>
          <h2 id={titleId} className={styles.title}>
            <Cookie aria-hidden="true" size={22} className={styles.icon} />
            {esOverlays.cookies.title}
          </h2>
          <p className={styles.text}>
            {esOverlays.cookies.text(settings.siteName)} {esOverlays.cookies.more}{' '}
            <Link to="/legal">{esOverlays.cookies.legalLink}</Link>.
          </p>
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => saveCookieChoice(COOKIES_ESSENTIAL)}
          >
            {esOverlays.cookies.essential}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => saveCookieChoice(COOKIES_ALL)}>
            {esOverlays.cookies.all}
          </button>
        </div>
      </div>
    </section>
  );
}
