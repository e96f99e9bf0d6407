import type { FormEvent } from 'react';
import { MSG } from '@nomadas/shared';
import { registerBody } from '@nomadas/shared/schemas';
import { register } from '../../api/accounts';
import { AUTH_MODE } from '../../app/shellStore';
import { esOverlays } from '../../i18n/es.overlays';
import { infoPopup } from '../InfoPopup/infoPopup';
import { toast } from '../Toast/toast';
import {
  firstIssue,
  formValues,
  PasswordField,
  ModeSwitch,
  SubmitButton,
  TextField,
  useFormState,
} from './fields';
import styles from './AuthModal.module.css';

const FIELDS = ['username', 'email', 'password', 'password_confirmation'] as const;

export function RegisterForm() {
  const { busy, invalid, run, markInvalid, onInput } = useFormState();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = formValues(form, FIELDS);
    const legalAccepted = (form.elements.namedItem('legal') as HTMLInputElement | null)?.checked === true;
    const parsed = registerBody.safeParse(values);

    // Spec §5 order: missing fields, then differing passwords, then the legal terms, then the format rules.
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error);
      if (message === MSG.registerFieldsRequired) {
        toast(message, 'ko');
        return markInvalid(
          form,
          FIELDS.filter((name) => values[name].trim() === ''),
        );
      }
      if (message === MSG.passwordsDiffer) {
        toast(message, 'ko');
        return markInvalid(form, ['password_confirmation']);
      }
      if (legalAccepted) {
        toast(message, 'ko');
        return markInvalid(form, field ? [field] : []);
      }
    }
    if (!legalAccepted) {
      toast(MSG.legalNotAccepted, 'ko');
      return markInvalid(form, ['legal']);
    }
    if (!parsed.success) return;

    const body = parsed.data;
    void run(async () => {
      const answer = await register(body);
      if (answer === false) return toast(MSG.serverError, 'ko');
      if (answer.state !== 'OK') return toast(answer.msg || MSG.serverError, 'ko');
      toast(answer.msg || MSG.registered, 'ok');
      infoPopup({ title: esOverlays.auth.registeredTitle, text: MSG.activationSent, login: true });
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} onInput={onInput}>
      <p className={styles.required}>{esOverlays.auth.allRequired}</p>
      <TextField
        name="username"
        label={esOverlays.auth.username}
        hint={esOverlays.auth.usernameHint}
        autoComplete="username"
        invalid={invalid.has('username')}
        autoFocusFirst
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={esOverlays.auth.email}
        autoComplete="email"
        invalid={invalid.has('email')}
      />
      <PasswordField
        name="password"
        label={esOverlays.auth.password}
        hint={esOverlays.auth.passwordHint}
        autoComplete="new-password"
        invalid={invalid.has('password')}
      />
      <PasswordField
        name="password_confirmation"
        label={esOverlays.auth.passwordRepeat}
        autoComplete="new-password"
        invalid={invalid.has('password_confirmation')}
      />
      <label className={`checkbox ${styles.legal}`}>
        <input
          type="checkbox"
          name="legal"
          aria-required="true"
          aria-invalid={invalid.has('legal') || undefined}
        />
        <span>
          {esOverlays.auth.acceptLegalBefore}
          <a href="/legal" target="_blank" rel="noopener">
            {esOverlays.auth.legalLink}
            <span className="visually-hidden"> {esOverlays.auth.opensInNewTab}</span>
          </a>
          {esOverlays.auth.acceptLegalAfter}
        </span>
      </label>
      <SubmitButton busy={busy} label={esOverlays.auth.submit[2]} busyLabel={esOverlays.auth.busy[2]} />
      <ModeSwitch lead={esOverlays.auth.haveAccount} label={esOverlays.auth.toLogin} to={AUTH_MODE.login} />
    </form>
  );
}
