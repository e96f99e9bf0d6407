import { Link } from 'react-router';
import { Compass, Leaf, ShieldCheck, Users } from 'lucide-react';
import { esCommon } from '../../i18n/screens/common';
import { esQuienesSomos } from '../../i18n/screens/quienesSomos';
import { settings } from '../../settings';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { useSessionUser } from '../../session/session';
import { usePageTitle } from '../../app/usePageTitle';
import { about } from './about.content';
import styles from './quienesSomos.module.css';

const valueIcons = [Users, ShieldCheck, Leaf, Compass];
const initials = (name: string) =>
  name
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 2);

export default function QuienesSomosScreen() {
  usePageTitle(esQuienesSomos.title);
  const signedIn = useSessionUser() !== null;

  return (
    <div className={styles.page}>
      <header className={`container ${styles.header}`}>
        <h1>{esQuienesSomos.title}</h1>
        <p className={styles.lead}>{about.lead.replaceAll('{site}', settings.siteName)}</p>
      </header>

      <section className={`container ${styles.story}`} aria-labelledby="about-story">
        <div className="prose">
          <h2 id="about-story">{about.storyTitle}</h2>
          {about.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <figure className={styles.quote}>
          <blockquote>
            <p>{about.quote}</p>
          </blockquote>
          <figcaption>{about.quoteAuthor}</figcaption>
        </figure>
      </section>

      <section className={styles.values} aria-labelledby="about-values">
        <div className="container">
          <h2 id="about-values">{about.valuesTitle}</h2>
          <ul className={styles.valueList}>
            {about.values.map((value, index) => {
              const Icon = valueIcons[index] ?? Compass;
              return (
                <li key={value.title} className={styles.value}>
                  <span className={styles.valueIcon} aria-hidden="true">
                    <Icon size={22} />
                  </span>
                  <h3>{value.title}</h3>
                  <p>{value.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className={`container ${styles.team}`} aria-labelledby="about-team">
        <h2 id="about-team">{about.teamTitle}</h2>
        <p className={styles.teamLead}>{about.teamLead}</p>
        <ul className={styles.members}>
          {about.team.map((member, index) => (
            <li key={member.name} className={`card ${styles.member}`}>
              <span className={styles.avatar} data-tone={index % 4} aria-hidden="true">
                {initials(member.name)}
              </span>
              <h3>{member.name}</h3>
              <p className={styles.role}>{member.role}</p>
              <p className={styles.bio}>{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container" aria-labelledby="about-cta">
        <div className={styles.cta}>
          <h2 id="about-cta">{about.ctaTitle}</h2>
          <p>{about.ctaText}</p>
          <div className={styles.ctaActions}>
            {signedIn ? (
              <Link to="/muro" className="btn btn-primary">
                {esCommon.goWall}
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => openAuthModal(AUTH_MODE.register)}
              >
                {esCommon.joinFree}
              </button>
            )}
            <Link to="/contacto" className="btn btn-secondary">
              {about.ctaContact}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
