import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Check, ChevronDown, ExternalLink, Sparkles } from 'lucide-react';
import { esCommon } from '../../i18n/screens/common';
import { esPremium } from '../../i18n/screens/premium';
import { settings } from '../../settings';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { useSessionUser } from '../../session/session';
import { usePageTitle } from '../../app/usePageTitle';
import { plans, questions, type Plan } from './plans';
import styles from './premium.module.css';

const text = esPremium;
type Billing = 'monthly' | 'yearly';

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

function Price({ plan, billing }: { plan: Plan; billing: Billing }) {
  if (plan.monthly === 0) {
    return (
      <p className={styles.price}>
        <span className={styles.amount}>{text.free}</span>
      </p>
    );
  }
  const yearly = billing === 'yearly';
  return (
    <p className={styles.price}>
      <span className={styles.amount}>{euros.format(yearly ? plan.yearly : plan.monthly)}</span>
      <span className={styles.period}>{yearly ? text.perYear : text.perMonth}</span>
      {yearly && (
        <span className={styles.equivalent}>{text.yearlyEquivalent(euros.format(plan.yearly / 12))}</span>
      )}
    </p>
  );
}

function PlanAction({ plan, billing, signedIn }: { plan: Plan; billing: Billing; signedIn: boolean }) {
  const className = `btn btn-block ${plan.highlighted ? 'btn-primary' : 'btn-secondary'}`;
  if (!signedIn) {
    return (
      <button type="button" className={className} onClick={() => openAuthModal(AUTH_MODE.register)}>
        {plan.monthly === 0 ? text.startFree : text.choose(plan.name)}
      </button>
    );
  }
  if (plan.monthly === 0) {
    return (
      <p className={styles.current}>
        <Check aria-hidden="true" size={18} />
        {text.current}
      </p>
    );
  }
  const subject = text.contactSubject(plan.name, billing === 'yearly' ? text.yearly : text.monthly);
  return (
    <Link to={`/contacto?asunto=${encodeURIComponent(subject)}`} className={className}>
      {text.choose(plan.name)}
    </Link>
  );
}

export default function PremiumScreen() {
  usePageTitle(text.title);
  const signedIn = useSessionUser() !== null;
  const [billing, setBilling] = useState<Billing>('monthly');

  return (
    <div className={styles.page}>
      <header className={`container ${styles.header}`}>
        <p className={styles.eyebrow}>
          <Sparkles aria-hidden="true" size={16} />
          {text.eyebrow}
        </p>
        <h1 className={styles.title}>{text.heading}</h1>
        <p className={styles.lead}>{text.lead}</p>

        <fieldset className={styles.billing}>
          <legend className="visually-hidden">{text.billing}</legend>
          {(['monthly', 'yearly'] as const).map((option) => (
            <label key={option} className={styles.billingOption}>
              <input
                type="radio"
                name="billing"
                value={option}
                checked={billing === option}
                onChange={() => setBilling(option)}
              />
              <span>
                {option === 'monthly' ? text.monthly : text.yearly}
                {option === 'yearly' && <span className={styles.saving}>{text.yearlySaving}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      </header>

      <section className="container" aria-label={text.title}>
        <ul className={styles.plans}>
          {plans.map((plan) => (
            <li
              key={plan.id}
              className={`card ${styles.plan} ${plan.highlighted ? styles.highlighted : ''}`}
              aria-labelledby={`plan-${plan.id}`}
            >
              {plan.highlighted && <p className={styles.badge}>{text.highlighted}</p>}
              <h2 id={`plan-${plan.id}`} className={styles.planName}>
                {plan.name}
              </h2>
              <p className={styles.tagline}>{plan.tagline}</p>
              <Price plan={plan} billing={billing} />
              <PlanAction plan={plan} billing={billing} signedIn={signedIn} />
              {plan.includes && <p className={styles.includes}>{text.included(plan.includes)}</p>}
              <ul className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <Check aria-hidden="true" size={18} />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className={styles.taxes}>{text.taxes}</p>
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
              {item.link === 'contact' && (
                <Link to="/contacto" className={styles.external}>
                  {esCommon.goContact}
                  <ArrowRight aria-hidden="true" size={16} />
                </Link>
              )}
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
