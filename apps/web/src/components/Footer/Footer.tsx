import { BriefcaseBusiness, Phone } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { es } from '../../i18n/es';
import { esOverlays } from '../../i18n/es.overlays';
import { settings } from '../../settings';
import { LogoMark } from '../Logo/Logo';
import { FacebookIcon, InstagramIcon, SOCIAL_URLS, YoutubeIcon } from '../Social/social';
import styles from './Footer.module.css';

const year = new Date().getFullYear();
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const SOCIAL = [
  { href: SOCIAL_URLS.instagram, label: esOverlays.footer.instagram, Icon: InstagramIcon },
  { href: SOCIAL_URLS.facebook, label: esOverlays.footer.facebook, Icon: FacebookIcon },
  { href: SOCIAL_URLS.youtube, label: esOverlays.footer.youtube, Icon: YoutubeIcon },
];

function CompactFooter() {
  return (
    <footer className={`${styles.footer} ${styles.compact}`}>
      <div className={styles.compactLine}>
        <span>{esOverlays.footer.compactCopyright(year)}</span>
        <nav aria-label={esOverlays.footer.linksNav} className={styles.compactLinks}>
          <Link to="/legal">{esOverlays.footer.legal}</Link>
          <Link to="/contacto">{esOverlays.footer.contacto}</Link>
          <a href={settings.professionalsUrl} target="_blank" rel="noopener">
            {es.header.professionals}
            <span className="visually-hidden"> {esOverlays.footer.opensInNewTab}</span>
          </a>
          <a href={telHref(settings.sitePhone)}>{settings.sitePhone}</a>
        </nav>
      </div>
    </footer>
  );
}

/** Site footer (spec §2): links, professionals area, social links, phone, company and regulator text. */
export default function Footer() {
  const { pathname } = useLocation();
  if (pathname === '/mapa' || pathname.startsWith('/mapa/')) return <CompactFooter />;

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.name}>
            <LogoMark size={36} />
            {settings.siteName}
          </p>
          <p className={styles.tagline}>{esOverlays.footer.tagline}</p>
          <ul className={styles.social} aria-label={esOverlays.footer.social}>
            {SOCIAL.map(({ href, label, Icon }) => (
              <li key={href}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${label} ${esOverlays.footer.opensInNewTab}`}
                >
                  <Icon width={22} height={22} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className={styles.columns} aria-label={esOverlays.footer.linksNav}>
          <div>
            <h2 className={styles.heading}>{esOverlays.footer.explore}</h2>
            <ul className={styles.links}>
              <li>
                <Link to="/canales">{esOverlays.footer.canales}</Link>
              </li>
              <li>
                <Link to="/muro">{esOverlays.footer.muro}</Link>
              </li>
              <li>
                <Link to="/mapa">{esOverlays.footer.areas}</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className={styles.heading}>{esOverlays.footer.about}</h2>
            <ul className={styles.links}>
              <li>
                <Link to="/quienes_somos">{esOverlays.footer.quienesSomos}</Link>
              </li>
              <li>
                <Link to="/contacto">{esOverlays.footer.contacto}</Link>
              </li>
              <li>
                <Link to="/legal">{esOverlays.footer.legal}</Link>
              </li>
            </ul>
          </div>
        </nav>

        <div className={styles.contact}>
          <h2 className={styles.heading}>{esOverlays.footer.help}</h2>
          <a
            className={styles.phone}
            href={telHref(settings.sitePhone)}
            aria-label={esOverlays.footer.phoneLabel(settings.sitePhone)}
          >
            <Phone aria-hidden="true" size={20} />
            {settings.sitePhone}
          </a>
          <p className={styles.hours}>{esOverlays.footer.hours}</p>
          <p className={styles.proPitch}>{esOverlays.footer.professionalsPitch}</p>
          <a className={`btn ${styles.pro}`} href={settings.professionalsUrl} target="_blank" rel="noopener">
            <BriefcaseBusiness aria-hidden="true" size={20} />
            {esOverlays.footer.professionals}
            <span className="visually-hidden"> {esOverlays.footer.opensInNewTab}</span>
          </a>
        </div>
      </div>

      <div className={styles.legal}>
        <p>{esOverlays.footer.company}</p>
        <p>{esOverlays.footer.registry}</p>
        <p>{esOverlays.footer.dataProtection}</p>
        <p className={styles.copyright}>{esOverlays.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
