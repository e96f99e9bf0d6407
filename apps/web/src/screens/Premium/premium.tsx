import { Link } from 'react-router';
import { Bell, BellRing, Check, ChevronDown, Clock, ExternalLink, Sparkles } from 'lucide-react';
import { esCommon } from '../../i18n/screens/common';
import { esPremium } from '../../i18n/screens/premium';
import { settings } from '../../settings';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { toast } from '../../components/Toast/toast';
import { QueryScope } from '../../api/QueryScope';
import { ApiFailure } from '../../api/queries/apiData';
import { usePremiumInterestMutation, usePremiumInterestQuery } from '../../api/queries/premiumInterest';
import { useSessionUser } from '../../session/session';
import { usePageTitle } from '../../app/usePageTitle';
import { comingSoon, included, questions } from './plans';
import styles from './premium.module.css';

const text = esPremium;

/** "Avísame": a visitor registers first; a user is put on the list once (POST /api/premium/interest). */
function NotifyButton({ signedIn }: { signedIn: boolean }) {
  const interest = usePremiumInterestQuery(signedIn);
  const notify = usePremiumInterestMutation();
  if (!signedIn) {
    return (
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => openAuthModal(AUTH_MODE.register)}
      >
        <Bell aria-hidden="true" size={18} />
        {text.notify}
      </button>
    );
  }
  if (interest.data?.interested) {
    return (
      <p className={styles.current} role="status">
        <BellRing aria-hidden="true" size={18} />
        {text.notified}
      </p>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      disabled={notify.isPending}
      onClick={() =>
        notify.mutate(undefined, {
          onSuccess: () => toast(text.notified, 'ok'),
          onError: (error) =>
            toast(error instanceof ApiFailure && error.serverMsg ? error.serverMsg : text.notifyFailed, 'ko'),
        })
      }
    >
      <Bell aria-hidden="true" size={18} />
      {notify.isPending ? text.notifyBusy : text.notify}
    </button>
  );
}

export default function PremiumScreen() {
  usePageTitle(text.title);
  const signedIn = useSessionUser() !== null;

  return (
    <div className={styles.page}>
      <header className={`container ${styles.header}`}>
        <p className={styles.eyebrow}>
          <Sparkles aria-hidden="true" size={16} />
          {text.eyebrow}
        </p>
        <h1 className={styles.title}>{text.heading}</h1>
        <p className={styles.lead}>{text.lead}</p>
      </header>

      <section className="container" aria-label={text.title}>
        <ul className={styles.plans}>
          <li className={`card ${styles.plan}`} aria-labelledby="plan-free">
            <h2 id="plan-free" className={styles.planName}>
              {text.freeName}
            </h2>
            <p className={styles.tagline}>{text.freeTagline}</p>
            <p className={styles.price}>
              <span className={styles.amount}>{text.free}</span>
            </p>
            {signedIn ? (
              <p className={styles.current}>
                <Check aria-hidden="true" size={18} />
                {text.current}
              </p>
            ) : (
              <button
                type="button"
                className="btn btn-secondary btn-block"
                onClick={() => openAuthModal(AUTH_MODE.register)}
              >
                {text.startFree}
              </button>
            )}
            <ul className={styles.features}>
              {included.map((feature) => (
                <li key={feature.text}>
                  <Check aria-hidden="true" size={18} />
                  {feature.to ? (
                    <Link to={feature.to} className={styles.featureLink}>
                      {feature.text}
                    </Link>
                  ) : (
                    feature.text
                  )}
                </li>
              ))}
            </ul>
          </li>

          <li className={`card ${styles.plan} ${styles.highlighted}`} aria-labelledby="plan-premium">
            <p className={styles.badge}>{text.soon}</p>
            <h2 id="plan-premium" className={styles.planName}>
              {text.premiumName}
            </h2>
            <p className={styles.tagline}>{text.premiumTagline}</p>
            <QueryScope>
              <NotifyButton signedIn={signedIn} />
            </QueryScope>
            <p className={styles.includes}>{text.noPayment}</p>
            <ul className={styles.features}>
              {comingSoon.map((feature) => (
                <li key={feature} className={styles.soon}>
                  <Clock aria-hidden="true" size={18} />
                  {feature}
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </section>

      <section className={`container ${styles.faq}`} aria-labelledby="premium-faq">
        <h2 id="premium-faq">{text.faqTitle}</h2>
        {questions(settings.siteName).map((item) => (
          <details key={item.question} className={styles.question}>
            <summary>
              {item.question}
              <ChevronDown aria-hidden="true" size={20} className={styles.chevron} />
            </summary>
            <div className={styles.answer}>
              <p>{item.answer}</p>
              {item.link === 'professionals' && (
                <a
                  href={settings.professionalsUrl}
                  target="_blank"
                  rel="noopener"
                  className={styles.external}
                >
                  {text.professionalsLink}
                  <ExternalLink aria-hidden="true" size={16} />
                  <span className="visually-hidden">{esCommon.opensInNewTab}</span>
                </a>
              )}
            </div>
          </details>
        ))}
      </section>
    </div>
  );
}
