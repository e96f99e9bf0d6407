import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, Mail, Phone, Send, Store } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { esCommon } from '../../i18n/screens/common';
import { esContacto } from '../../i18n/screens/contacto';
import { settings } from '../../settings';
import { isOk } from '../../api/client';
import { sendContactMessage } from '../../api/contact';
import { usePageTitle } from '../../app/usePageTitle';
import { StatusPanel } from '../_shared/StatusPanel';
import form from '../_shared/form.module.css';
import styles from './contacto.module.css';

const text = esContacto;

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];

/**
 * The shared schemas, fetched when the form is first touched: building every zod schema was a third of
 * this screen's first-load script time on a phone, and only a submit needs them.
 */
const loadSchemas = () => import('@nomadas/shared/schemas');

/** The shared schema's first message for each field, in the form's order. */
async function fieldErrors(values: Values): Promise<Errors | null> {
  const { contactBody } = await loadSchemas();
  const parsed = contactBody.safeParse(values);
  if (parsed.success) return null;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export default function ContactoScreen() {
  usePageTitle(text.title);
  const [params] = useSearchParams();
  const initial: Values = { name: '', email: '', subject: params.get('asunto') ?? '', message: '' };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);

  // The answer appears at the top of the form, away from the button that was just pressed.
  useEffect(() => {
    if (failure) alert.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [failure]);

  function update(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const invalid = await fieldErrors(values);
    if (invalid) {
      setErrors(invalid);
      const first = FIELDS.find((field) => invalid[field]);
      if (first) (formElement.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    const answer = await sendContactMessage(values);
    setSending(false);
    if (isOk(answer)) setSent(answer.msg ?? MSG.contactSent);
    else setFailure((answer && answer.msg) || MSG.serverError);
  }

  function startAgain() {
    setValues({ ...initial, name: values.name, email: values.email, subject: '' });
    setSent(null);
  }

  const field = (name: Field) => ({
    id: `contacto-${name}`,
    name,
    value: values[name],
    onChange: update,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contacto-${name}-error` : undefined,
    className: errors[name] ? form.invalid : undefined,
  });

  const error = (name: Field) =>
    errors[name] && (
      <p id={`contacto-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  const phoneHref = `tel:${settings.sitePhone.replace(/[^\d+]/g, '')}`;

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{text.title}</h1>
        <p className={styles.lead}>{text.lead}</p>
      </header>

      <div className={styles.layout}>
        {sent ? (
          <StatusPanel tone="ok" title={text.sentTitle} message={sent}>
            <button type="button" className="btn btn-primary" onClick={startAgain}>
              {text.sendAnother}
            </button>
            <Link to="/" className="btn btn-secondary">
              {esCommon.goHome}
            </Link>
          </StatusPanel>
        ) : (
          <form
            className={`card ${form.formCard}`}
            noValidate
            onSubmit={submit}
            onFocus={() => void loadSchemas()}
            aria-busy={sending}
          >
            <p className={form.required}>{text.required}</p>
            {failure && (
              <p ref={alert} className={form.alert} role="alert">
                <CircleAlert aria-hidden="true" size={18} />
                {failure}
              </p>
            )}
            <div className={styles.pair}>
              <div className="field">
                <label htmlFor="contacto-name">{text.name}</label>
                <input type="text" autoComplete="name" {...field('name')} />
                {error('name')}
              </div>
              <div className="field">
                <label htmlFor="contacto-email">{text.email}</label>
                <input type="email" autoComplete="email" inputMode="email" {...field('email')} />
                {error('email')}
              </div>
            </div>
            <div className="field">
              <label htmlFor="contacto-subject">{text.subject}</label>
              <input type="text" {...field('subject')} />
              {error('subject')}
            </div>
            <div className="field">
              <label htmlFor="contacto-message">{text.message}</label>
              <textarea rows={7} {...field('message')} />
              {error('message') ?? <p className="field-hint">{text.messageHint}</p>}
            </div>
            <p className={styles.privacy}>
              {text.privacy} <Link to="/legal#privacidad">{text.privacyLink}</Link>.
            </p>
            <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={sending}>
              <Send aria-hidden="true" size={18} />
              {sending ? text.sending : text.send}
            </button>
          </form>
        )}

        <aside className={styles.aside} aria-labelledby="contacto-other">
          <div className={`card ${styles.asideCard}`}>
            <h2 id="contacto-other" className={styles.asideTitle}>
              {text.asideTitle}
            </h2>
            <ul className={styles.channels}>
              <li>
                <span className={styles.channelIcon} aria-hidden="true">
                  <Phone size={20} />
                </span>
                <span>
                  <span className={styles.channelLabel}>{text.phone}</span>
                  <a href={phoneHref}>{settings.sitePhone}</a>
                  <span className={styles.channelNote}>{text.hours}</span>
                </span>
              </li>
              <li>
                <span className={styles.channelIcon} aria-hidden="true">
                  <Mail size={20} />
                </span>
                <span>
                  <span className={styles.channelLabel}>{text.emailLabel}</span>
                  <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
                </span>
              </li>
            </ul>
          </div>
          <div className={`card ${styles.asideCard} ${styles.pro}`}>
            <Store aria-hidden="true" size={24} className={styles.proIcon} />
            <h2 className={styles.asideTitle}>{text.professionalsTitle}</h2>
            <p>{text.professionalsText}</p>
            <a
              className="btn btn-secondary btn-block"
              href={settings.professionalsUrl}
              target="_blank"
              rel="noopener"
            >
              {text.professionalsCta}
              <span className="visually-hidden">{esCommon.opensInNewTab}</span>
            </a>
          </div>
        </aside>
      </div>
    </div>
  );
}
