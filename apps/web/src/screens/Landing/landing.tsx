import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  Bell,
  Caravan,
  Check,
  Clapperboard,
  ExternalLink,
  Gem,
  Images,
  MapPinned,
  MessageCircle,
  Store,
  Users,
  Van,
} from 'lucide-react';
import { esCommon } from '../../i18n/screens/common';
import { esLanding } from '../../i18n/screens/landing';
import { settings } from '../../settings';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { useSessionUser } from '../../session/session';
import { usePageTitle } from '../../app/usePageTitle';
import { HeroScene, MotorhomeIcon, PrivacyMap } from './illustrations';
import styles from './landing.module.css';

const text = esLanding;
const common = esCommon;

const features = [
  { key: 'wall', icon: <Images />, ...text.features.wall },
  { key: 'map', icon: <MapPinned />, ...text.features.map },
  { key: 'channels', icon: <Clapperboard />, ...text.features.channels },
  { key: 'profiles', icon: <Users />, ...text.features.profiles },
  { key: 'chat', icon: <MessageCircle />, ...text.features.chat },
  { key: 'notifications', icon: <Bell />, ...text.features.notifications },
];

const audienceIcons: ReactNode[] = [<MotorhomeIcon key="a" />, <Van key="c" />, <Caravan key="r" />];

/** "Únete gratis" opens the register modal; a signed-in nomad goes to the profile instead. */
function JoinButton({ signedIn, label = common.joinFree }: { signedIn: boolean; label?: string }) {
  if (signedIn) {
    return (
      <Link to="/perfil" className="btn btn-primary">
        {common.goProfile}
      </Link>
    );
  }
  return (
    <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.register)}>
      {label}
    </button>
  );
}

export default function LandingScreen() {
  const site = settings.siteName;
  const signedIn = useSessionUser() !== null;
  usePageTitle(text.title, text.description(site));

  return (
    <>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{text.hero.eyebrow}</p>
            <h1 id="landing-title" className={styles.heroTitle}>
              {text.hero.title} <span className={styles.accent}>{text.hero.titleAccent}</span>
            </h1>
            <p className={styles.heroLead}>{text.hero.lead(site)}</p>
            <div className={styles.heroActions}>
              <JoinButton signedIn={signedIn} />
              <Link to="/mapa" className="btn btn-secondary">
                {text.hero.map}
              </Link>
              <Link to="/muro" className="btn btn-secondary">
                {text.hero.wall}
              </Link>
            </div>
            {!signedIn && <p className={styles.heroNote}>{text.hero.note}</p>}
          </div>
          <div className={styles.heroArt}>
            <HeroScene label={text.hero.illustration} />
          </div>
        </div>
      </section>

      <section className={styles.audience} aria-labelledby="landing-audience">
        <div className="container">
          <h2 id="landing-audience" className={styles.audienceTitle}>
            {text.audience.title}
          </h2>
          <ul className={styles.audienceList}>
            {text.audience.items.map((item, index) => (
              <li key={item.title} className={styles.audienceItem}>
                <span className={styles.audienceIcon}>{audienceIcons[index]}</span>
                <span>
                  <strong>{item.title}</strong>
                  <span className={styles.muted}>{item.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="landing-features">
        <div className="container">
          <header className={styles.sectionHeader}>
            <p className={styles.eyebrow}>{text.features.eyebrow}</p>
            <h2 id="landing-features">{text.features.title}</h2>
            <p className={styles.muted}>{text.features.lead}</p>
          </header>
          <ul className={styles.features}>
            {features.map((feature) => (
              <li key={feature.key} className={`card ${styles.feature}`}>
                <span className={styles.featureIcon} aria-hidden="true">
                  {feature.icon}
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.privacy}`} aria-labelledby="landing-privacy">
        <div className={`container ${styles.split}`}>
          <div>
            <p className={styles.eyebrow}>{text.privacy.eyebrow}</p>
            <h2 id="landing-privacy">{text.privacy.title}</h2>
            <p>{text.privacy.text}</p>
            <ul className={styles.checks}>
              {text.privacy.points.map((point) => (
                <li key={point}>
                  <Check aria-hidden="true" size={20} />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.mapFrame}>
            <PrivacyMap label={text.privacy.illustration} />
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="landing-guide">
        <div className="container">
          <div className={styles.guide}>
            <div className={styles.guideBadge} aria-hidden="true">
              <Gem size={28} />
              <span>10</span>
            </div>
            <div>
              <p className={styles.eyebrow}>{text.guide.eyebrow}</p>
              <h2 id="landing-guide">{text.guide.title}</h2>
              <p>{text.guide.text}</p>
              {signedIn ? (
                <Link to="/guia" className="btn btn-primary">
                  {text.guide.open}
                </Link>
              ) : (
                <JoinButton signedIn={false} label={text.guide.cta} />
              )}
            </div>
          </div>
        </div>
      </section>

      <section className={styles.professionals} aria-labelledby="landing-professionals">
        <div className={`container ${styles.professionalsInner}`}>
          <span className={styles.professionalsIcon} aria-hidden="true">
            <Store size={28} />
          </span>
          <div>
            <p className={styles.eyebrowLight}>{text.professionals.eyebrow}</p>
            <h2 id="landing-professionals">{text.professionals.title}</h2>
            <p>{text.professionals.text(site)}</p>
          </div>
          <a className="btn btn-secondary" href={settings.professionalsUrl} target="_blank" rel="noopener">
            {text.professionals.cta}
            <ExternalLink aria-hidden="true" size={18} />
            <span className="visually-hidden">{common.opensInNewTab}</span>
          </a>
        </div>
      </section>

      <section className={`${styles.section} ${styles.final}`} aria-labelledby="landing-final">
        <div className="container">
          <h2 id="landing-final">{text.final.title}</h2>
          <p className={styles.muted}>{text.final.text}</p>
          <div className={styles.finalActions}>
            <JoinButton signedIn={signedIn} />
            <Link to="/muro" className="btn btn-ghost">
              {common.goWall}
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
