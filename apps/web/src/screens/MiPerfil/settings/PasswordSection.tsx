import { useId, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { MSG } from '@nomadas/shared';
import { changePasswordBody } from '@nomadas/shared/schemas';
import { ApiFailure } from '../../../api/queries/apiData';
import { useChangePasswordMutation } from '../../../api/queries/changePassword';
import { firstIssue, formValues, PasswordField, useFormState } from '../../../components/AuthModal/fields';
import { toast } from '../../../components/Toast/toast';
import { esSettings } from '../../../i18n/screens/settings';
import styles from './settings.module.css';

const text = esSettings.password;
const FIELDS = ['password_actual', 'password', 'password_confirmation'] as const;

/** Where each refusal of the server belongs on this form. */
const FIELD_OF_MESSAGE: Record<string, (typeof FIELDS)[number]> = {
  [MSG.currentPasswordWrong]: 'password_actual',
  [MSG.passwordTooCommon]: 'password',
  [MSG.passwordSameAsCurrent]: 'password',
};

/** Current, new and repeated password, each with a show/hide toggle as in the login modal. */
export function PasswordSection({ username }: { username: string }) {
  const headingId = useId();
  const change = useChangePasswordMutation();
  const { busy, invalid, run, markInvalid, onInput } = useFormState();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values = formValues(form, FIELDS);
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) {
      const { message, field } = firstIssue(parsed.error);
      toast(message, 'ko');
      if (message === MSG.registerFieldsRequired)
        return markInvalid(
          form,
          FIELDS.filter((name) => values[name] === ''),
        );
      return markInvalid(form, field ? [field] : []);
    }
    void run(async () => {
      try {
        toast((await change.mutateAsync(values)) ?? MSG.passwordUpdated, 'ok');
        form.reset();
      } catch (error) {
        const msg = error instanceof ApiFailure ? error.serverMsg : undefined;
        toast(msg || MSG.serverError, 'ko');
        const field = msg ? FIELD_OF_MESSAGE[msg] : undefined;
        if (field) markInvalid(form, [field]);
      }
    });
  }

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.body}>
        <h2 id={headingId} className={styles.heading}>
          {text.title}
        </h2>
        <p className={styles.lead}>{text.lead}</p>
        <form noValidate onSubmit={submit} onInput={onInput} aria-busy={busy}>
          {/* Lets password managers file the change under the right account. */}
          <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
          <PasswordField
            name="password_actual"
            label={text.current}
            autoComplete="current-password"
            invalid={invalid.has('password_actual')}
          />
          <PasswordField
            name="password"
            label={text.next}
            hint={text.nextHint}
            autoComplete="new-password"
            invalid={invalid.has('password')}
          />
          <PasswordField
            name="password_confirmation"
            label={text.repeat}
            autoComplete="new-password"
            invalid={invalid.has('password_confirmation')}
          />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-secondary" aria-disabled={busy}>
              {busy && <LoaderCircle aria-hidden="true" size={20} className={styles.spinner} />}
              {busy ? text.busy : text.submit}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
