import { useId, type FocusEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { MSG } from '@nomadas/shared';
import { emailSchema, newPasswordSchema, registerBody, usernameSchema } from '@nomadas/shared/schemas';
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
type Field = (typeof FIELDS)[number];

/**
 * Every problem of the form at once, by control, with the shared rules the server applies (packages/shared
 * accounts): an empty field, a username or email of the wrong shape, a short password, a different repetition,
 * the legal terms unticked.
 */
function registerErrors(values: Record<Field, string>, legalAccepted: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of FIELDS) if (values[name].trim() === '') errors[name] = esOverlays.auth.fieldRequired;
  const check = (name: Field, rule: ZodType) => {
    if (errors[name]) return;
    const result = rule.safeParse(values[name]);
    if (!result.success) errors[name] = firstIssue(result.error).message;
  };
  check('username', usernameSchema);
  check('email', emailSchema);
  check('password', newPasswordSchema);
  if (!errors.password_confirmation && values.password !== values.password_confirmation)
    errors.password_confirmation = MSG.passwordsDiffer;
  if (!legalAccepted) errors.legal = MSG.legalNotAccepted;
  return errors;
}

export function RegisterForm() {
  const { busy, invalid, errors, run, warn, setFieldError, onInput } = useFormState();
  const legalErrorId = useId();

  /** A username or password of the wrong shape is said as soon as the field is left, not only on sending. */
  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const rule =
      input.name === 'username' ? usernameSchema : input.name === 'password' ? newPasswordSchema : null;
    if (!rule || input.value.trim() === '') return;
    const result = rule.safeParse(input.value);
    setFieldError(input.name, result.success ? undefined : firstIssue(result.error).message);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = formValues(form, FIELDS);
    const legalAccepted = (form.elements.namedItem('legal') as HTMLInputElement | null)?.checked === true;
    const fieldErrors = registerErrors(values, legalAccepted);
    const parsed = registerBody.safeParse(values);

    // The toast keeps spec §5's order (missing fields, differing passwords, the legal terms, the format rules);
    // each field shows its own problem, so a wrong username is known before the terms are ticked.
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error);
      if (message === MSG.registerFieldsRequired) {
        return warn(
          form,
          message,
          FIELDS.filter((name) => values[name].trim() === ''),
          fieldErrors,
        );
      }
      if (message === MSG.passwordsDiffer) return warn(form, message, ['password_confirmation'], fieldErrors);
      if (legalAccepted) return warn(form, message, field ? [field] : [], fieldErrors);
    }
    if (!legalAccepted) {
      // The first control in the form that is wrong takes the focus; the toast names the terms.
      const wrong = [...FIELDS, 'legal'].filter((name) => name in fieldErrors);
      return warn(form, MSG.legalNotAccepted, wrong, fieldErrors);
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
    <form noValidate onSubmit={onSubmit} onInput={onInput} onBlur={onBlur}>
      <p className={styles.required}>{esOverlays.auth.allRequired}</p>
      <TextField
        name="username"
        label={esOverlays.auth.username}
        hint={esOverlays.auth.usernameHint}
        autoComplete="username"
        invalid={invalid.has('username')}
        error={errors.username}
        autoFocusFirst
      />
      <TextField
        name="email"
        type="email"
        inputMode="email"
        label={esOverlays.auth.email}
        autoComplete="email"
        invalid={invalid.has('email')}
        error={errors.email}
      />
      <PasswordField
        name="password"
        label={esOverlays.auth.password}
        hint={esOverlays.auth.passwordHint}
        autoComplete="new-password"
        invalid={invalid.has('password')}
        error={errors.password}
      />
      <PasswordField
        name="password_confirmation"
        label={esOverlays.auth.passwordRepeat}
        autoComplete="new-password"
        invalid={invalid.has('password_confirmation')}
        error={errors.password_confirmation}
      />
      <label className={`checkbox ${styles.legal}`}>
        <input
          type="checkbox"
          name="legal"
          aria-required="true"
          aria-invalid={invalid.has('legal') || !!errors.legal || undefined}
          aria-describedby={errors.legal ? legalErrorId : undefined}
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
      {errors.legal && (
        <p className={`field-error ${styles.legalError}`} id={legalErrorId}>
          {errors.legal}
        </p>
      )}
      <SubmitButton busy={busy} label={esOverlays.auth.submit[2]} busyLabel={esOverlays.auth.busy[2]} />
      <ModeSwitch lead={esOverlays.auth.haveAccount} label={esOverlays.auth.toLogin} to={AUTH_MODE.login} />
    </form>
  );
}
