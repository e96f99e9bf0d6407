import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { CircleAlert, Eye, EyeOff, KeyRound } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { newPasswordBody } from '@nomadas/shared/schemas';
import { esCommon } from '../../i18n/screens/common';
import { esNuevoPass } from '../../i18n/screens/nuevoPass';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { setNewPassword } from '../../api/accounts';
import { isOk } from '../../api/client';
import { usePageTitle } from '../../app/usePageTitle';
import { StatusPanel } from '../_shared/StatusPanel';
import form from '../_shared/form.module.css';
import styles from './nuevopass.module.css';

const text = esNuevoPass;

type Field = 'password' | 'password_confirmation';
type Errors = Partial<Record<Field | 'form', string>>;

/** Where each of the shared schema's messages belongs on this form. */
function validate(values: Record<Field, string>): Errors | null {
  const parsed = newPasswordBody.safeParse(values);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  if (!issue) return null;
  if (issue.message === MSG.passwordsDiffer) return { password_confirmation: issue.message };
  if (issue.path[0] === 'password') return { password: issue.message };
  return { form: issue.message };
}

interface PasswordFieldProps {
  name: Field;
  label: string;
  value: string;
  error?: string;
  autoFocus?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

function PasswordField({ name, label, value, error, autoFocus, onChange }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const id = `nuevopass-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.reveal}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          autoFocus={autoFocus}
          value={value}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={error ? form.invalid : undefined}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? text.hide : text.show}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export default function NuevoPassScreen() {
  usePageTitle(text.title);
  const { code = '' } = useParams();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  function update(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as Field;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field] || errors.form) setErrors({});
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validate(values);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    setErrors({});
    setSaving(true);
    const answer = await setNewPassword(code, values);
    setSaving(false);
    if (isOk(answer)) setDone(answer.msg ?? MSG.passwordChanged);
    else setErrors({ form: (answer && answer.msg) || MSG.serverError });
  }

  if (done) {
    return (
      <div className={`container ${styles.page}`}>
        <StatusPanel tone="ok" level="h1" title={text.okTitle} message={done}>
          <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.login)}>
            {esCommon.logIn}
          </button>
          <Link to="/" className="btn btn-secondary">
            {esCommon.goHome}
          </Link>
        </StatusPanel>
      </div>
    );
  }

  const linkExpired = errors.form === MSG.recoveryInvalid;

  return (
    <div className={`container ${styles.page}`}>
      <form className={`card ${form.formCard}`} noValidate onSubmit={submit} aria-busy={saving}>
        <span className={styles.icon} aria-hidden="true">
          <KeyRound size={28} />
        </span>
        <h1 className={styles.title}>{text.title}</h1>
        <p className={styles.lead}>{text.lead}</p>
        {errors.form && (
          <div className={form.alert} role="alert">
            <CircleAlert aria-hidden="true" size={18} />
            <span>
              {errors.form}
              {linkExpired && (
                <>
                  {' '}
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => openAuthModal(AUTH_MODE.recovery)}
                  >
                    {text.newLink}
                  </button>
                </>
              )}
            </span>
          </div>
        )}
        <PasswordField
          name="password"
          label={text.password}
          value={values.password}
          error={errors.password}
          autoFocus
          onChange={update}
        />
        <PasswordField
          name="password_confirmation"
          label={text.repeat}
          value={values.password_confirmation}
          error={errors.password_confirmation}
          onChange={update}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? text.saving : text.save}
        </button>
      </form>
    </div>
  );
}
